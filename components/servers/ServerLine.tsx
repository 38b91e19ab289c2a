import { t } from '@/lib/i18n';
import type { ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { Foreign, ForeignUrl } from '../shared/Foreign';
import { setServerOpen } from '../shared/groups';

/** A server's status in words, asked for as the line is drawn (docs/i18n.md: never at import time). */
const STATUS_TEXT: Record<ServerView['status'], () => string> = {
  disabled: () => t('servers.status.disabled'),
  connecting: () => t('servers.status.connecting'),
  connected: () => t('servers.status.connected'),
  'needs-permission': () => t('servers.status.needsAccess'),
  'needs-authorization': () => t('servers.status.needsSignIn'),
  error: () => t('servers.status.error'),
  blocked: () => t('servers.status.blocked'),
};

export interface ServerLineProps {
  server: ServerView;
  open: boolean;
  /** The id of the details the line opens. */
  detailsId: string;
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/**
 * A server in one line: its icon, name and origin (which tells two of the same name apart),
 * then what it offers (tools, resources, prompts) once connected, and its status; the name
 * opens its details and buttons. Twenty fit on one screen of the side panel.
 */
export function ServerLine({ server, open, detailsId }: ServerLineProps) {
  const connected = server.status === 'connected';
  const counts = { tools: server.tools.length, resources: server.resources.length + server.resourceTemplates.length, prompts: server.prompts.length };
  const status = STATUS_TEXT[server.status]();
  return (
    <div class="server-line">
      <button
        type="button"
        class="server-toggle"
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={() => setServerOpen(server.id, !open)}
      >
        <Icon icons={server.serverInfo?.icons} serverUrl={server.url} size={16} />
        <span class="server-name">
          <Foreign text={server.displayName} />
        </span>
        <span class="server-origin">
          <ForeignUrl>{hostOf(server.url)}</ForeignUrl>
        </span>
      </button>
      {connected && (
        <span class="server-counts" title={t('servers.line.counts', counts)}>
          <span aria-hidden="true">{counts.tools}</span>
          <span aria-hidden="true">{counts.resources}</span>
          <span aria-hidden="true">{counts.prompts}</span>
          <span class="sr-only"> {t('servers.line.counts', counts)}</span>
        </span>
      )}
      {/* Connected is a dot (the usual state, and the counts show it); anything else is said in words. */}
      <span
        class={`server-state status-${server.status}`}
        role="status"
        title={server.blocked ? t('servers.status.blockedBy', { rule: server.blocked.rule }) : status}
      >
        <span class={connected ? 'sr-only' : undefined}>{status}</span>
      </span>
    </div>
  );
}
