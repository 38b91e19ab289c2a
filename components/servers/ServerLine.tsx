import type { ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { setServerOpen } from '../shared/groups';

export const STATUS_TEXT = {
  disabled: 'Disabled',
  connecting: 'Connecting…',
  connected: 'Connected',
  'needs-permission': 'Needs access',
  'needs-authorization': 'Needs sign-in',
  error: 'Error',
  blocked: 'Blocked',
} as const;

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
  const resources = server.resources.length + server.resourceTemplates.length;
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
        <span class="server-name">{server.displayName}</span>
        <span class="server-origin">{hostOf(server.url)}</span>
      </button>
      {connected && (
        <span class="server-counts" title={`${server.tools.length} tools, ${resources} resources, ${server.prompts.length} prompts`}>
          <span aria-hidden="true">{server.tools.length}</span>
          <span aria-hidden="true">{resources}</span>
          <span aria-hidden="true">{server.prompts.length}</span>
          <span class="sr-only">
            {' '}
            tools {server.tools.length}, resources {resources}, prompts {server.prompts.length}
          </span>
        </span>
      )}
      {/* Connected is a dot (the usual state, and the counts show it); anything else is said in words. */}
      <span
        class={`server-state status-${server.status}`}
        role="status"
        title={server.blocked ? `${STATUS_TEXT.blocked}: ${server.blocked.rule}` : STATUS_TEXT[server.status]}
      >
        <span class={connected ? 'sr-only' : undefined}>{STATUS_TEXT[server.status]}</span>
      </span>
    </div>
  );
}
