import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import { formatNumber, t } from '@/lib/i18n';
import type { ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { useActions } from './actions';
import { Foreign, ForeignCode } from './Foreign';
import { collapsedGroups, type GroupList, groupKey, revealServer, setCollapsed } from './groups';
import { ServerFixes } from './ServerFixes';

export interface ServerGroupProps {
  server: ServerView;
  /** Which list the group is of: its region's name says so ("Tools of Showcase"). */
  list: GroupList;
  /** Items shown (the filter's matches) and items the server has. */
  shown: number;
  total: number;
  /** While the filter is in use every group with a match shows open: folding is for browsing. */
  filtering: boolean;
  children: ComponentChildren;
}

/** The group's region, named for a screen reader by its list and its server's name. */
const LABEL: Record<GroupList, (server: string) => string> = {
  tools: (server) => t('groups.label.tools', { server }),
  resources: (server) => t('groups.label.resources', { server }),
  prompts: (server) => t('groups.label.prompts', { server }),
};

/** A status the heading names, in words asked for as it is drawn. */
const STATUS_WORDS: Partial<Record<ServerView['status'], () => string>> = {
  connecting: () => t('groups.status.connecting'),
  'needs-permission': () => t('groups.status.needsAccess'),
  'needs-authorization': () => t('groups.status.needsSignIn'),
  error: () => t('groups.status.error'),
  blocked: () => t('groups.status.blocked'),
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
            {t('groups.reconnect')}
          </button>
        )}
        <button type="button" class="secondary" onClick={details}>
          {t('groups.serverDetails')}
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
  const status = STATUS_WORDS[server.status]?.();
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
        <span class="group-name">
          <Foreign text={server.displayName} />
        </span>
        <ForeignCode class="origin">{origin}</ForeignCode>
        {status && <span class={`group-status status-${server.status}`}>{status}</span>}
        <span class="count">{filtering ? t('groups.shownOf', { shown, total }) : formatNumber(total)}</span>
      </button>
    </h2>
  );
});

/**
 * One server's items under its name, icon, origin (two servers may share a name), status and
 * count. The heading folds the group (remembered by server URL across panel reopens); a server
 * in trouble says what is wrong in its heading, with the button that fixes it.
 */
export function ServerGroup({ server, list, shown, total, filtering, children }: ServerGroupProps) {
  const key = groupKey(list, server.url);
  const collapsed = !filtering && collapsedGroups.value.has(key);
  const bodyId = `group-${list}-${server.id}`;
  return (
    <section class="group server-group" aria-label={LABEL[list](server.displayName)}>
      <GroupHeading server={server} shown={shown} total={total} filtering={filtering} collapsed={collapsed} foldKey={key} bodyId={bodyId} />
      {STATUS_WORDS[server.status] && server.status !== 'connecting' && <Problem server={server} />}
      {!collapsed && <div id={bodyId}>{children}</div>}
    </section>
  );
}
