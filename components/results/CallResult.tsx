import type { Progress } from '@modelcontextprotocol/client';
import type { ComponentChildren } from 'preact';
import type { CallView } from '@/lib/state';
import { useState } from 'preact/hooks';
import { formatNumber, t } from '@/lib/i18n';
import { formatElapsed } from '@/lib/i18n/format';
import { LazyAppCallsLog, LazyAppSlot } from '../apps/LazyParts';
import { useActions } from '../shared/actions';
import { ContentBlock } from '../content/ContentBlock';
import { CutNote } from '../content/CutNote';
import { JsonView } from '../content/JsonView';
import { LogEntries } from '../content/LogEntries';
import { Foreign } from '../shared/Foreign';
import { Message } from '../shared/Message';
import { Clocked } from '../shared/time';

/** Read through this type so the panel builds whether or not `CallView` carries them yet. */
type CallWithProgress = CallView & {
  /** The server's latest progress notification, while running. */
  progress?: Progress;
  endedAt?: number;
};

export interface CallResultProps {
  call: CallWithProgress;
  serverName: string;
  /** Ask the server to stop a running call; without it there is no Cancel button. */
  onCancel?: () => void;
  /** Read a resource a result links to; without it links have no Read button. */
  onReadResource?: (uri: string) => void;
  /** Start the tool's MCP App at once (else behind a button). */
  appOpen?: boolean;
  /** Run the tool again with the same arguments; without it there is no Run again button. */
  onRerun?: () => void;
  /** The calls the result's app made, newest first: a log under the app, never results of their own. */
  appCalls?: CallView[];
}

function CallProgress({ tool, progress }: { tool: string; progress: Progress }) {
  const known = typeof progress.total === 'number' && progress.total > 0;
  return (
    <div class="call-progress">
      {/* Without a total the amount is not a fraction: the bar stays indeterminate. */}
      <progress aria-label={t('results.call.progressLabel', { tool })} {...(known ? { value: progress.progress, max: progress.total } : {})} />
      <span class="muted">
        {known ? t('results.call.progressOf', { progress: progress.progress, total: progress.total! }) : formatNumber(progress.progress)}
        {progress.message && (
          <>
            {' · '}
            <Foreign text={progress.message} />
          </>
        )}
      </span>
    </div>
  );
}

/** A call the server runs as a task says so: it is the kind that outlives a stopped toolnexus. */
function runningLabel(task: CallView['task']): string {
  if (!task) return t('results.status.running');
  return task.status === 'input_required' ? t('results.status.taskInput') : t('results.status.taskWorking');
}

/** What a tool call returned; every server string is rendered as text or HTML-free markdown. */
/** The result as a person would paste it: its text blocks, or else the whole result as JSON. */
function resultText(result: CallView['result']): string {
  const texts = (result?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
  return texts.length > 0 ? texts.join('\n\n') : JSON.stringify(result ?? {}, null, 2);
}

/** Keeps a call's arguments under a name: the tool's card lists it, to run or load again. */
function SaveCall({ call, onDone }: { call: CallView; onDone: () => void }) {
  const { saveCall } = useActions();
  const [name, setName] = useState('');
  const id = `save-${call.id}`;
  return (
    <form
      class="save-call"
      aria-label={t('results.save.label', { tool: call.tool })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        saveCall(call.serverId, call.tool, name.trim(), call.args);
        onDone();
      }}
    >
      <label for={id}>{t('results.save.name')}</label>
      <div class="row">
        {/* biome-ignore lint/a11y/noAutofocus: the person just asked to name it */}
        <input id={id} maxLength={100} required autoFocus value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <button type="submit">{t('results.save.save')}</button>
        <button type="button" class="secondary" onClick={onDone}>
          {t('results.save.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A result's heading: what was called, read or got (bold unless it is code), on which server. */
export function OnServer({ what, server, code = false }: { what: ComponentChildren; server: string; code?: boolean }) {
  return (
    <Message
      id="results.onServer"
      values={{
        what: code ? what : <strong>{what}</strong>,
        server: (
          <span class="muted">
            <Foreign text={server} />
          </span>
        ),
      }}
    />
  );
}

export function CallResult({ call, serverName, onCancel, onReadResource, appOpen = false, onRerun, appCalls = [] }: CallResultProps) {
  const { editArguments } = useActions();
  const [naming, setNaming] = useState(false);
  const status: string = call.status;
  const running = status === 'running';
  const failed = status === 'failed' || call.result?.isError === true;
  const label = running
    ? runningLabel(call.task)
    : failed
      ? t('results.status.error')
      : status === 'cancelled'
        ? t('results.status.cancelled')
        : t('results.status.done');
  const content = call.result?.content ?? [];
  const structured = call.result?.structuredContent;

  return (
    <article
      class={`card call${failed ? ' failed' : ''}${call.app ? ' with-app' : ''}`}
      aria-label={t('results.call.label', { tool: call.tool })}
      aria-busy={running}
    >
      <header>
        <span class="activity-title">
          <OnServer what={<Foreign text={call.tool} />} server={serverName} />
          {call.appOf && <span class="muted"> · {t('results.call.byApp')}</span>}
        </span>
        <span class="status">
          {label}
          {call.endedAt !== undefined
            ? ` · ${formatElapsed(call.endedAt - call.startedAt)}`
            : running && <Clocked text={(now) => ` · ${formatElapsed(now - call.startedAt, true)}`} />}
        </span>
      </header>
      {call.app && !call.appOf && <LazyAppSlot call={call} open={appOpen} />}
      {appCalls.length > 0 && <LazyAppCallsLog tool={call.tool} calls={appCalls} />}
      {running && call.progress && <CallProgress tool={call.tool} progress={call.progress} />}
      {running && call.task?.statusMessage && (
        <p class="muted task-status" dir="auto" data-from="server">
          {call.task.statusMessage}
        </p>
      )}
      <CutNote cuts={call.cuts} />
      {running && onCancel && (
        <div class="actions">
          <button type="button" class="secondary" onClick={onCancel}>
            {t('results.call.cancel')}
          </button>
        </div>
      )}
      {!running && (
        <div class="actions">
          {onRerun && !call.appOf && (
            <button type="button" class="secondary" aria-label={t('results.call.runAgainLabel', { tool: call.tool })} onClick={() => onRerun()}>
              {t('results.call.runAgain')}
            </button>
          )}
          {!call.appOf && (
            <>
              <button
                type="button"
                class="secondary"
                aria-label={t('results.call.editLabel', { tool: call.tool })}
                onClick={() => editArguments(call.serverId, call.tool, call.args)}
              >
                {t('results.call.edit')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={t('results.call.saveLabel', { tool: call.tool })}
                aria-expanded={naming}
                onClick={() => setNaming(!naming)}
              >
                {t('results.call.save')}
              </button>
            </>
          )}
          {call.result && (
            <>
              <button type="button" class="link" onClick={() => void navigator.clipboard?.writeText(resultText(call.result))}>
                {t('results.call.copyText')}
              </button>
              <button type="button" class="link" onClick={() => void navigator.clipboard?.writeText(JSON.stringify(call.result, null, 2))}>
                {t('results.call.copyJson')}
              </button>
            </>
          )}
        </div>
      )}
      {naming && <SaveCall call={call} onDone={() => setNaming(false)} />}
      {/* Not an alert: components/announcer says it once, when it happens; an alert would be said again each time the tab is drawn. */}
      {failed && (
        <p class="error">
          <Message id="results.error" values={{ label: <strong>{t('results.errorLabel')}</strong>, error: call.error ?? t('announce.toolError') }} />
        </p>
      )}
      {!failed && call.error && <p class="muted">{call.error}</p>}
      {content.length > 0 && (
        <div class={failed ? 'call-content failed' : 'call-content'}>
          {content.map((block, index) => (
            <ContentBlock key={index} block={block} onRead={onReadResource} />
          ))}
        </div>
      )}
      {structured !== undefined && <JsonView value={structured} label={t('results.call.structured')} open={content.length === 0} />}
      {call.logs && call.logs.length > 0 && (
        <details class="call-log">
          <summary>{t('servers.log.summary', { count: call.logs.length })}</summary>
          <LogEntries entries={call.logs} label={t('results.call.logLabel', { tool: call.tool })} />
        </details>
      )}
    </article>
  );
}
