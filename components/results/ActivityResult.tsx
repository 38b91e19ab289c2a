import { memo } from 'preact/compat';
import type { ActivityView, CallView, PromptView, ResourceReadView } from '@/lib/state';
import { t } from '@/lib/i18n';
import { CallResult, OnServer } from './CallResult';
import { ContentBlock } from '../content/ContentBlock';
import { CutNote } from '../content/CutNote';
import { ResourceContents } from '../content/ResourceContents';
import { useActions } from '../shared/actions';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { Message } from '../shared/Message';
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
        <button type="button" class="secondary" aria-label={t('results.live.stopLabel', { uri: read.uri })} onClick={() => unwatchResource(read.id)}>
          {t('results.live.stop')}
        </button>
      ) : (
        <button type="button" class="secondary" aria-label={t('results.live.watchLabel', { uri: read.uri })} onClick={() => watchResource(read.id)}>
          {t('results.live.watch')}
        </button>
      )}
      {live && (
        <span role="status" class="muted">
          {live.ended ??
            (live.updatedAt
              ? t('results.live.updated', { time: clockSeconds(live.updatedAt) })
              : t('results.live.since', { time: clockSeconds(live.since) }))}
          {!live.ended && live.failed && ` ${t('results.live.failed', { error: live.failed })}`}
        </span>
      )}
    </div>
  );
}

function Outcome({ activity }: { activity: ResourceReadView | PromptView }) {
  if (activity.status === 'running') return <p class="muted">{t('results.status.running')}</p>;
  if (activity.error) {
    // Said once by components/announcer, not again each time the tab is drawn (an alert would be).
    return (
      <p class="error">
        <Message
          id="results.error"
          values={{
            label: <strong>{activity.status === 'cancelled' ? t('results.cancelledLabel') : t('results.errorLabel')}</strong>,
            error: activity.error,
          }}
        />
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
      <article class="card call" aria-label={t('results.resource.label', { uri: activity.uri })}>
        <header>
          <span class="activity-title">
            <OnServer what={<ForeignCode class="activity-uri">{activity.uri}</ForeignCode>} server={serverName} code />
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
    <article class="card call" aria-label={t('results.prompt.label', { prompt: activity.prompt })}>
      <header>
        <span class="activity-title">
          <OnServer what={<Foreign text={activity.prompt} />} server={serverName} />
        </span>
      </header>
      <Outcome activity={activity} />
      {activity.result?.description && (
        <p class="muted" dir="auto" data-from="server">
          {activity.result.description}
        </p>
      )}
      {activity.result?.messages.map((message, index) => (
        <div key={index} class={`message role-${message.role}`}>
          {/* The role is the protocol's word (user, assistant), shown as it is. */}
          <span class="role" translate={false}>
            {message.role}
          </span>
          <ContentBlock block={message.content} onRead={read} />
        </div>
      ))}
    </article>
  );
});
