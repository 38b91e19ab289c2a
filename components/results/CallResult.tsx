import type { Progress } from '@modelcontextprotocol/client';
import type { CallView } from '@/lib/state';
import { useState } from 'preact/hooks';
import { AppCallsLog } from '../apps/AppCallsLog';
import { AppSlot } from '../apps/AppSlot';
import { useActions } from '../shared/actions';
import { ContentBlock } from '../content/ContentBlock';
import { CutNote } from '../content/CutNote';
import { JsonView } from '../content/JsonView';
import { LogEntries } from '../content/LogEntries';
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

/** How long a call took: exact once it ended, whole seconds while it runs (the panel clock ticks once a second). */
function duration(ms: number, running = false): string {
  const seconds = Math.max(0, ms) / 1000;
  if (running && seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.floor(seconds - minutes * 60)} s`;
}

function CallProgress({ tool, progress }: { tool: string; progress: Progress }) {
  const known = typeof progress.total === 'number' && progress.total > 0;
  return (
    <div class="call-progress">
      {/* Without a total the amount is not a fraction: the bar stays indeterminate. */}
      <progress aria-label={`Progress of ${tool}`} {...(known ? { value: progress.progress, max: progress.total } : {})} />
      <span class="muted">
        {known ? `${progress.progress} / ${progress.total}` : progress.progress}
        {progress.message && <> · {progress.message}</>}
      </span>
    </div>
  );
}

/** A call the server runs as a task says so: it is the kind that outlives a stopped toolnexus. */
function runningLabel(task: CallView['task']): string {
  if (!task) return 'running…';
  return task.status === 'input_required' ? 'task needs input…' : 'task working…';
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
      aria-label={`Save ${call.tool}'s arguments`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        saveCall(call.serverId, call.tool, name.trim(), call.args);
        onDone();
      }}
    >
      <label for={id}>Name for this call</label>
      <div class="row">
        {/* biome-ignore lint/a11y/noAutofocus: the person just asked to name it */}
        <input id={id} maxLength={100} required autoFocus value={name} onInput={(event) => setName(event.currentTarget.value)} />
        <button type="submit">Save</button>
        <button type="button" class="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function CallResult({ call, serverName, onCancel, onReadResource, appOpen = false, onRerun, appCalls = [] }: CallResultProps) {
  const { editArguments } = useActions();
  const [naming, setNaming] = useState(false);
  const status: string = call.status;
  const running = status === 'running';
  const failed = status === 'failed' || call.result?.isError === true;
  const label = running ? runningLabel(call.task) : failed ? 'error' : status === 'cancelled' ? 'cancelled' : 'done';
  const content = call.result?.content ?? [];
  const structured = call.result?.structuredContent;

  return (
    <article class={`card call${failed ? ' failed' : ''}${call.app ? ' with-app' : ''}`} aria-label={`Result of ${call.tool}`} aria-busy={running}>
      <header>
        <span class="activity-title">
          <strong>{call.tool}</strong> <span class="muted">on {serverName}</span>
          {call.appOf && <span class="muted"> · called by an app</span>}
        </span>
        <span class="status">
          {label}
          {call.endedAt !== undefined
            ? ` · ${duration(call.endedAt - call.startedAt)}`
            : running && <Clocked text={(now) => ` · ${duration(now - call.startedAt, true)}`} />}
        </span>
      </header>
      <AppSlot call={call} open={appOpen} />
      <AppCallsLog tool={call.tool} calls={appCalls} />
      {running && call.progress && <CallProgress tool={call.tool} progress={call.progress} />}
      {running && call.task?.statusMessage && <p class="muted task-status">{call.task.statusMessage}</p>}
      <CutNote cuts={call.cuts} />
      {running && onCancel && (
        <div class="actions">
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {!running && (
        <div class="actions">
          {onRerun && !call.appOf && (
            <button type="button" class="secondary" aria-label={`Run again: ${call.tool}`} onClick={() => onRerun()}>
              Run again
            </button>
          )}
          {!call.appOf && (
            <>
              <button
                type="button"
                class="secondary"
                aria-label={`Edit arguments: ${call.tool}`}
                onClick={() => editArguments(call.serverId, call.tool, call.args)}
              >
                Edit arguments
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={`Save arguments: ${call.tool}`}
                aria-expanded={naming}
                onClick={() => setNaming(!naming)}
              >
                Save…
              </button>
            </>
          )}
          {call.result && (
            <>
              <button type="button" class="link" onClick={() => void navigator.clipboard?.writeText(resultText(call.result))}>
                Copy text
              </button>
              <button type="button" class="link" onClick={() => void navigator.clipboard?.writeText(JSON.stringify(call.result, null, 2))}>
                Copy JSON
              </button>
            </>
          )}
        </div>
      )}
      {naming && <SaveCall call={call} onDone={() => setNaming(false)} />}
      {/* Not an alert: components/announcer says it once, when it happens; an alert would be said again each time the tab is drawn. */}
      {failed && (
        <p class="error">
          <strong>Error</strong>
          {': '}
          {call.error ?? 'the tool reported a failure.'}
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
      {structured !== undefined && <JsonView value={structured} label="Structured content" open={content.length === 0} />}
      {call.logs && call.logs.length > 0 && (
        <details class="call-log">
          <summary>Server log ({call.logs.length})</summary>
          <LogEntries entries={call.logs} label={`Server log of ${call.tool}`} />
        </details>
      )}
    </article>
  );
}
