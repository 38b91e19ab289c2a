import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { NOTIFICATIONS_PER_SECOND } from '@/lib/mcp/inboundBudget';
import { t } from '@/lib/i18n';
import type { Verdict } from '@/lib/policy/judge';
import { words as policyWords } from '@/lib/policy/words';
import type { ServerSettings, ServerView } from '@/lib/state';
import { OrgNote } from '../shared/OrgNote';
import { LazyProtocolLog } from './LazyProtocolLog';
import { CutNote } from '../content/CutNote';
import { ServerForm } from './ServerForm';
import { MarkdownText } from '../content/MarkdownText';
import { LazyServerLog } from './LazyServerLog';
import { LazySignInTrace } from './LazySignInTrace';
import { useActions } from '../shared/actions';
import { Clocked, span } from '../shared/time';
import { openServers, serverOpen, serverToReveal, setServerOpen } from '../shared/groups';
import { ServerLine } from './ServerLine';
import { saveSession } from './saveSession';
import './servers.css';
import { ServerFixes } from '../shared/ServerFixes';

export interface ServerCardProps {
  server: ServerView;
  /** The organisation's word on saving protocol logs and sign-in traces as files. */
  exportAllowed?: Verdict;
}

/** Instructions longer than this start collapsed: a card is for the server, not its manual. */
const SHORT_INSTRUCTIONS = 240;

/** The server's `instructions`, as markdown without HTML; open when short, one click away when long. */
function Instructions({ text }: { text: string }) {
  const short = text.length <= SHORT_INSTRUCTIONS && text.split('\n').length <= 3;
  return (
    <details class="instructions" open={short}>
      <summary>Instructions from the server</summary>
      <MarkdownText text={text} />
    </details>
  );
}

function hostOf(url: string | null): string {
  return url && URL.canParse(url) ? new URL(url).host : 'its authorization server';
}

/**
 * A server on the Servers tab: one line (ServerLine.tsx) that opens to its details and
 * buttons; which are open is kept while the panel is (components/shared/groups.ts).
 */
export const ServerCard = memo(function ServerCard({ server, exportAllowed }: ServerCardProps) {
  const open = serverOpen(server);
  const section = useRef<HTMLElement>(null);
  // Opened for a problem, it stays open once the problem is fixed (a sign-in that succeeded
  // leaves its trace in view) until the person closes it.
  useEffect(() => {
    if (open && !openServers.peek().has(server.id)) setServerOpen(server.id, true);
  }, [open]);
  const detailsId = `server-${server.id}`;
  // "Server details" from a group on another tab: this server, open, in view.
  useEffect(() => {
    if (serverToReveal.peek() !== server.id) return;
    serverToReveal.value = null;
    section.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section ref={section} class={`server status-${server.status}`} aria-label={`Server ${server.displayName}`}>
      <ServerLine server={server} open={open} detailsId={detailsId} />
      {open && <ServerDetails server={server} id={detailsId} exportAllowed={exportAllowed} />}
    </section>
  );
});

/** What a server's line opens to: its URL, protocol and sign-in, its error, instructions and log, and its buttons. */
function ServerDetails({ server, id, exportAllowed }: { server: ServerView; id: string; exportAllowed?: Verdict }) {
  const actions = useActions();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [showingLog, setShowingLog] = useState(false);
  const [showingTrace, setShowingTrace] = useState(false);
  const signsIn = server.status === 'needs-authorization' || server.auth?.signedIn === true;
  const { retryAt, serverInfo: info } = server;
  const onUpdate = (patch: Partial<ServerSettings>) => actions.updateServer(server.id, patch);
  return (
    <div id={id} class="server-details">
      <p class="muted url-line">{server.url}</p>
      {server.blocked && <OrgNote verdict={server.blocked} />}
      {server.managed && (
        <OrgNote id={`${id}-managed`} verdict={{ rule: `managedMcpServers "${server.managed.name}"`, reason: policyWords.managedNote }} />
      )}
      {server.status === 'connected' && (
        <p class="muted meta">
          MCP {server.protocolVersion} · {server.transport === 'sse' ? 'old HTTP+SSE transport' : server.era === 'modern' ? 'stateless' : 'session'}
          {info && (
            <>
              {' '}
              · {info.name} {info.version}
            </>
          )}{' '}
          · {server.tools.length} tools · {server.resources.length + server.resourceTemplates.length} resources · {server.prompts.length} prompts
        </p>
      )}
      {server.auth?.signedIn && (
        <p class="muted meta signed-in">
          Signed in at <strong>{hostOf(server.auth.issuer)}</strong>
          {server.auth.scopes.length > 0 && <> · {server.auth.scopes.join(', ')}</>}
        </p>
      )}
      <CutNote cuts={server.cuts} />
      {server.dropped ? (
        <p class="muted" role="status" aria-label="Dropped messages">
          It sent more than {NOTIFICATIONS_PER_SECOND} notifications a second: toolnexus dropped {server.dropped.toLocaleString('en')} since it
          connected (log messages past that are lost; of its progress and changed lists, the newest is kept).
        </p>
      ) : null}
      {server.error && (
        <p class="error" role={server.status === 'error' ? 'alert' : undefined}>
          {server.error}
          {retryAt !== undefined && <Clocked text={(now) => (retryAt > now ? ` Retrying in ${span(retryAt - now)}.` : '')} />}
          {server.status === 'needs-authorization' && !showingTrace && (
            <>
              {' '}
              <button type="button" class="link" onClick={() => setShowingTrace(true)}>
                Show the sign-in, step by step
              </button>
            </>
          )}
        </p>
      )}
      {server.status === 'connected' && server.instructions && <Instructions text={server.instructions} />}
      {(server.status === 'connected' || (server.logs?.length ?? 0) > 0) && (
        <LazyServerLog serverId={server.id} serverName={server.displayName} logs={server.logs} level={server.logLevel} />
      )}
      {editing ? (
        <ServerForm
          id={`edit-${server.id}`}
          initial={server}
          managed={server.managed}
          lockedBy={server.managed && `${id}-managed`}
          submitLabel="Save"
          onSubmit={(settings) => {
            onUpdate(settings);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : removing ? (
        <div role="alertdialog" aria-label={`Remove ${server.displayName}?`} class="confirm">
          <p>Remove {server.displayName}? Its pending requests are cancelled.</p>
          <div class="actions">
            <button type="button" class="danger" onClick={() => actions.removeServer(server.id)}>
              Remove
            </button>
            <button type="button" class="secondary" onClick={() => setRemoving(false)}>
              Keep
            </button>
          </div>
        </div>
      ) : (
        <div class="actions">
          <ServerFixes server={server} />
          {server.auth?.signedIn && (
            <button type="button" class="secondary" onClick={() => actions.signOut(server.id)}>
              Sign out
            </button>
          )}
          {server.enabled && (
            <button type="button" class="secondary" onClick={() => actions.reconnect(server.id)}>
              Reconnect
            </button>
          )}
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" class="secondary" onClick={() => onUpdate({ enabled: !server.enabled })}>
            {server.enabled ? 'Disable' : 'Enable'}
          </button>
          {!server.managed && (
            <button type="button" class="secondary" onClick={() => setRemoving(true)}>
              Remove
            </button>
          )}
          <button type="button" class="secondary" aria-expanded={showingLog} onClick={() => setShowingLog(!showingLog)}>
            Protocol log
          </button>
          {signsIn && (
            <button type="button" class="secondary" aria-expanded={showingTrace} onClick={() => setShowingTrace(!showingTrace)}>
              Sign-in trace
            </button>
          )}
          {exportAllowed?.allowed !== false && (
            <button type="button" class="secondary" onClick={() => void saveSession(actions, server.id)}>
              {t('sessionFile.saveThis')}
            </button>
          )}
        </div>
      )}
      {showingLog && <LazyProtocolLog serverId={server.id} serverName={server.displayName} exportAllowed={exportAllowed} />}
      {showingTrace && <LazySignInTrace server={server} exportAllowed={exportAllowed} />}
    </div>
  );
}
