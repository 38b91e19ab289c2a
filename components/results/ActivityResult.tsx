import { memo } from 'preact/compat';
import { useContext } from 'preact/hooks';
import type { ActivityView, PromptView, ResourceReadView } from '@/lib/state';
import { CallResult } from './CallResult';
import { ContentBlock } from '../content/ContentBlock';
import { CutNote } from '../content/CutNote';
import { ResourceContents } from '../content/ResourceContents';
import { ResultActionsContext } from '../shared/actions';
import { clockSeconds } from '../shared/time';

export interface ActivityResultProps {
  activity: ActivityView;
  serverName: string;
  /** Callbacks take the activity's ids, so every row gets the same ones and unchanged rows skip rendering. */
  onCancel: (activityId: string) => void;
  onReadResource: (serverId: string, uri: string) => void;
  onRerun?: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  /** Start the result's MCP App at once, if it has one. */
  appOpen?: boolean;
}

/** Watch a read resource (its card reads it again whenever the server says it changed), and what the watch is doing. */
function LiveControls({ read }: { read: ResourceReadView }) {
  const actions = useContext(ResultActionsContext);
  const { live } = read;
  if (!actions || read.status !== 'done' || (!live && !actions.canWatch(read.serverId))) return null;
  const watching = live !== undefined && live.ended === undefined;
  return (
    <div class="live actions">
      {watching ? (
        <button type="button" class="secondary" aria-label={`Stop watching ${read.uri}`} onClick={() => actions.unwatch(read.id)}>
          Stop watching
        </button>
      ) : (
        <button type="button" class="secondary" aria-label={`Watch ${read.uri}`} onClick={() => actions.watch(read.id)}>
          Watch for changes
        </button>
      )}
      {live && (
        <span role="status" class="muted">
          {live.ended ?? (live.updatedAt ? `Live · updated ${clockSeconds(live.updatedAt)}` : `Live · watching since ${clockSeconds(live.since)}`)}
          {!live.ended && live.failed && ` (reading it again failed: ${live.failed})`}
        </span>
      )}
    </div>
  );
}

function Outcome({ activity }: { activity: ResourceReadView | PromptView }) {
  if (activity.status === 'running') return <p class="muted">running…</p>;
  if (activity.error) {
    return (
      <p role="alert" class="error">
        <strong>{activity.status === 'cancelled' ? 'Cancelled' : 'Error'}</strong>: {activity.error}
      </p>
    );
  }
  return <CutNote cuts={activity.cuts} />;
}

/** One finished or running request's outcome: a tool call, a resource read or a prompt. */
export const ActivityResult = memo(function ActivityResult({
  activity,
  serverName,
  onCancel,
  onReadResource,
  onRerun,
  appOpen,
}: ActivityResultProps) {
  const read = (uri: string) => onReadResource(activity.serverId, uri);
  if (activity.kind === 'tool') {
    return (
      <CallResult
        call={activity}
        serverName={serverName}
        onCancel={() => onCancel(activity.id)}
        onReadResource={read}
        onRerun={onRerun && (() => onRerun(activity.serverId, activity.tool, activity.args))}
        appOpen={appOpen}
      />
    );
  }
  if (activity.kind === 'resource') {
    return (
      <article class="card call" aria-label={`Resource ${activity.uri}`}>
        <header>
          <span class="activity-title">
            <code class="activity-uri">{activity.uri}</code> <span class="muted">on {serverName}</span>
          </span>
        </header>
        <Outcome activity={activity} />
        <LiveControls read={activity} />
        {activity.result?.contents.map((contents, index) => (
          // The header names the URI read; a content's own URI shows only when it differs.
          <ResourceContents key={index} contents={contents} showUri={contents.uri !== activity.uri} />
        ))}
      </article>
    );
  }
  return (
    <article class="card call" aria-label={`Prompt ${activity.prompt}`}>
      <header>
        <span class="activity-title">
          <strong>{activity.prompt}</strong> <span class="muted">on {serverName}</span>
        </span>
      </header>
      <Outcome activity={activity} />
      {activity.result?.description && <p class="muted">{activity.result.description}</p>}
      {activity.result?.messages.map((message, index) => (
        <div key={index} class={`message role-${message.role}`}>
          <span class="role">{message.role}</span>
          <ContentBlock block={message.content} onRead={read} />
        </div>
      ))}
    </article>
  );
});
