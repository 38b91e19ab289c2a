import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { NOTIFICATIONS_PER_SECOND } from '@/lib/mcp/inboundBudget';
import type { Verdict } from '@/lib/policy/judge';
import { words as policyWords } from '@/lib/policy/words';
import { t, tn } from '@/lib/i18n';
import type { ServerSettings, ServerView } from '@/lib/state';
import { Foreign, ForeignCode, ForeignUrl } from '../shared/Foreign';
import { Message } from '../shared/Message';
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
      <summary>{t('servers.card.instructions')}</summary>
      <MarkdownText text={text} />
    </details>
  );
}

/** The authorization server a person signed in at: its host, or words for one whose address is not known. */
function Issuer({ url }: { url: string | null }) {
  return url && URL.canParse(url) ? <ForeignUrl>{new URL(url).host}</ForeignUrl> : t('servers.card.unknownIssuer');
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
    <section ref={section} class={`server status-${server.status}`} aria-label={t('servers.card.label', { server: server.displayName })}>
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
  const { retryAt } = server;
  const onUpdate = (patch: Partial<ServerSettings>) => actions.updateServer(server.id, patch);
  return (
    <div id={id} class="server-details">
      <p class="muted url-line">
        <ForeignUrl>{server.url}</ForeignUrl>
      </p>
      {server.blocked && <OrgNote verdict={server.blocked} />}
      {server.managed && (
        <OrgNote id={`${id}-managed`} verdict={{ rule: `managedMcpServers "${server.managed.name}"`, reason: policyWords.managedNote }} />
      )}
      {server.status === 'connected' && <ConnectionMeta server={server} />}
      {server.auth?.signedIn && (
        <p class="muted meta signed-in">
          <Message
            id="servers.card.signedInAt"
            values={{
              issuer: (
                <strong>
                  <Issuer url={server.auth.issuer} />
                </strong>
              ),
            }}
          />
          {/* The scopes as OAuth writes them, space-separated (RFC 6749 section 3.3): tokens of the server's, not a sentence. */}
          {server.auth.scopes.length > 0 && (
            <>
              {' · '}
              <ForeignCode>{server.auth.scopes.join(' ')}</ForeignCode>
            </>
          )}
        </p>
      )}
      <CutNote cuts={server.cuts} />
      {server.dropped ? (
        <p class="muted" role="status" aria-label={t('servers.card.droppedLabel')}>
          {tn('servers.card.dropped', server.dropped, { max: NOTIFICATIONS_PER_SECOND })}
        </p>
      ) : null}
      {server.error && (
        <p class="error">
          {/* The error alone is the alert: the retry clock beside it would have it said again every second. */}
          <span role={server.status === 'error' ? 'alert' : undefined}>{server.error}</span>
          {retryAt !== undefined && (
            <Clocked text={(now) => (retryAt > now ? ` ${t('servers.card.retrying', { time: span(retryAt - now) })}` : '')} />
          )}
          {server.status === 'needs-authorization' && !showingTrace && (
            <>
              {' '}
              <button type="button" class="link" onClick={() => setShowingTrace(true)}>
                {t('servers.card.showTrace')}
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
          submitLabel={t('servers.card.save')}
          onSubmit={(settings) => {
            onUpdate(settings);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : removing ? (
        <div role="alertdialog" aria-label={t('servers.card.removeLabel', { server: server.displayName })} class="confirm">
          <p>
            <Message id="servers.card.removeAsk" values={{ server: <Foreign text={server.displayName} /> }} />
          </p>
          <div class="actions">
            <button type="button" class="danger" onClick={() => actions.removeServer(server.id)}>
              {t('servers.card.remove')}
            </button>
            <button type="button" class="secondary" onClick={() => setRemoving(false)}>
              {t('servers.card.keep')}
            </button>
          </div>
        </div>
      ) : (
        <div class="actions">
          <ServerFixes server={server} />
          {server.auth?.signedIn && (
            <button type="button" class="secondary" onClick={() => actions.signOut(server.id)}>
              {t('servers.card.signOut')}
            </button>
          )}
          {server.enabled && (
            <button type="button" class="secondary" onClick={() => actions.reconnect(server.id)}>
              {t('servers.card.reconnect')}
            </button>
          )}
          <button type="button" class="secondary" onClick={() => setEditing(true)}>
            {t('servers.card.edit')}
          </button>
          <button type="button" class="secondary" onClick={() => onUpdate({ enabled: !server.enabled })}>
            {server.enabled ? t('servers.card.disable') : t('servers.card.enable')}
          </button>
          {!server.managed && (
            <button type="button" class="secondary" onClick={() => setRemoving(true)}>
              {t('servers.card.remove')}
            </button>
          )}
          <button type="button" class="secondary" aria-expanded={showingLog} onClick={() => setShowingLog(!showingLog)}>
            {t('servers.card.protocolLog')}
          </button>
          {signsIn && (
            <button type="button" class="secondary" aria-expanded={showingTrace} onClick={() => setShowingTrace(!showingTrace)}>
              {t('servers.card.signInTrace')}
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

/** A connected server's protocol version, transport, its own name and version, and what it offers. */
function ConnectionMeta({ server }: { server: ServerView }) {
  const info = server.serverInfo;
  const transport =
    server.transport === 'sse' ? t('servers.card.transportSse') : server.era === 'modern' ? t('servers.card.stateless') : t('servers.card.session');
  return (
    <p class="muted meta">
      {t('servers.card.meta', {
        version: server.protocolVersion ?? '',
        transport,
        tools: server.tools.length,
        resources: server.resources.length + server.resourceTemplates.length,
        prompts: server.prompts.length,
      })}
      {info && (
        <>
          {' · '}
          <Foreign text={`${info.name} ${info.version}`} />
        </>
      )}
    </p>
  );
}
