import { memo } from 'preact/compat';
import type { ActivityView, CallView, PromptView, ResourceReadView } from '@/lib/state';
import { CallResult } from './CallResult';
import { ContentBlock } from '../content/ContentBlock';
import { CutNote } from '../content/CutNote';
import { ResourceContents } from '../content/ResourceContents';
import { useActions } from '../shared/actions';
import { clockSeconds } from '../shared/time';

export interface ActivityResultProps {
  activity: ActivityView;
  serverName: string;
  /** Offer Run again (a finished tool call), with the same arguments. */
  rerun?: boolean;
  /** Offer Watch for changes (a read resource whose server can tell). */
  watchable?: boolean;
  /** Start the result's MCP App at once, if it has one. */
  appOpen?: boolean;
  /** The calls its app made, newest first. */
  appCalls?: CallView[];
  /**
   * Draw the card; without it, nothing until it is (a hidden list). The component stays in its
   * place either way, so a card drawn later is inserted beside the others and never moves them
   * (a moved frame reloads its app).
   */
  drawn?: boolean;
}

/** Watch a read resource (its card reads it again whenever the server says it changed), and what the watch is doing. */
function LiveControls({ read, watchable }: { read: ResourceReadView; watchable: boolean }) {
  const { watchResource, unwatchResource } = useActions();
  const { live } = read;
  if (read.status !== 'done' || (!live && !watchable)) return null;
  const watching = live !== undefined && live.ended === undefined;
  return (
    <div class="live actions">
      {watching ? (
        <button type="button" class="secondary" aria-label={`Stop watching ${read.uri}`} onClick={() => unwatchResource(read.id)}>
          Stop watching
        </button>
      ) : (
        <button type="button" class="secondary" aria-label={`Watch ${read.uri}`} onClick={() => watchResource(read.id)}>
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
    // Said once by components/announcer, not again each time the tab is drawn (an alert would be).
    return (
      <p class="error">
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
  rerun = false,
  watchable = false,
  appOpen,
  appCalls,
  drawn = true,
}: ActivityResultProps) {
  const { cancelActivity, readResource, callTool } = useActions();
  if (!drawn) return null;
  const read = (uri: string) => readResource(activity.serverId, uri);
  if (activity.kind === 'tool') {
    return (
      <CallResult
        call={activity}
        serverName={serverName}
        onCancel={() => cancelActivity(activity.id)}
        onReadResource={read}
        onRerun={rerun ? () => callTool(activity.serverId, activity.tool, activity.args) : undefined}
        appOpen={appOpen}
        appCalls={appCalls}
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
        <LiveControls read={activity} watchable={watchable} />
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
