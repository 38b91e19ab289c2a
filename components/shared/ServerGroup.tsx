import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import type { ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { useActions } from './actions';
import { collapsedGroups, type GroupList, groupKey, revealServer, setCollapsed } from './groups';
import { ServerFixes } from './ServerFixes';

export interface ServerGroupProps {
  server: ServerView;
  list: GroupList;
  /** The region's name: "Tools of Showcase". */
  label: string;
  /** Items shown (the filter's matches) and items the server has. */
  shown: number;
  total: number;
  /** While the filter is in use every group with a match shows open: folding is for browsing. */
  filtering: boolean;
  children: ComponentChildren;
}

const STATUS_WORDS: Partial<Record<ServerView['status'], string>> = {
  connecting: 'Connecting…',
  'needs-permission': 'Needs access',
  'needs-authorization': 'Needs sign-in',
  error: 'Error',
  blocked: 'Blocked by your organisation',
};

/** A server that cannot list anything until the person does something: what is wrong and the way to fix it. */
function Problem({ server }: { server: ServerView }) {
  const actions = useActions();
  const details = () => {
    revealServer(server.id);
    actions.selectTab('servers');
  };
  return (
    <div class="group-problem">
      {server.error && <p class="error clamp">{server.error.slice(0, 1_000)}</p>}
      <div class="actions">
        <ServerFixes server={server} />
        {server.status === 'error' && (
          <button type="button" onClick={() => actions.reconnect(server.id)}>
            Reconnect
          </button>
        )}
        <button type="button" class="secondary" onClick={details}>
          Server details
        </button>
      </div>
    </div>
  );
}

interface GroupHeadingProps {
  server: ServerView;
  shown: number;
  total: number;
  filtering: boolean;
  collapsed: boolean;
  /** groups.ts `groupKey`. */
  foldKey: string;
  bodyId: string;
}

/**
 * A group's heading: the same button whether the filter is in use or not (while it is, the
 * group shows open and the button neither folds nor takes a Tab stop), so a keystroke that
 * starts a filter changes its count, not its element; memoized, so a keystroke that moves no
 * count leaves it alone (bench 12: twenty headings built again per first keystroke).
 */
const GroupHeading = memo(function GroupHeading({ server, shown, total, filtering, collapsed, foldKey, bodyId }: GroupHeadingProps) {
  const status = STATUS_WORDS[server.status];
  const origin = useMemo(() => (URL.canParse(server.url) ? new URL(server.url).host : server.url), [server.url]);
  return (
    <h2 class="group-head">
      <button
        type="button"
        class="group-toggle"
        aria-expanded={!collapsed}
        aria-controls={collapsed ? undefined : bodyId}
        aria-disabled={filtering || undefined}
        tabIndex={filtering ? -1 : undefined}
        onClick={() => !filtering && setCollapsed(foldKey, !collapsed)}
      >
        <Icon icons={server.serverInfo?.icons} serverUrl={server.url} size={16} />
        <span class="group-name">{server.displayName}</span>
        <code class="origin">{origin}</code>
        {status && <span class={`group-status status-${server.status}`}>{status}</span>}
        <span class="count">{filtering ? `${shown} of ${total}` : total}</span>
      </button>
    </h2>
  );
});

/**
 * One server's items under its name, icon, origin (two servers may share a name), status and
 * count. The heading folds the group (remembered by server URL across panel reopens); a server
 * in trouble says what is wrong in its heading, with the button that fixes it.
 */
export function ServerGroup({ server, list, label, shown, total, filtering, children }: ServerGroupProps) {
  const key = groupKey(list, server.url);
  const collapsed = !filtering && collapsedGroups.value.has(key);
  const bodyId = `group-${list}-${server.id}`;
  return (
    <section class="group server-group" aria-label={label}>
      <GroupHeading server={server} shown={shown} total={total} filtering={filtering} collapsed={collapsed} foldKey={key} bodyId={bodyId} />
      {STATUS_WORDS[server.status] && server.status !== 'connecting' && <Problem server={server} />}
      {!collapsed && <div id={bodyId}>{children}</div>}
    </section>
  );
}
