/**
 * How the person laid out the lists: which servers' groups they folded on Tools, Resources and
 * Prompts (kept across panel reopens by the panel's entry point, by server URL), and which
 * servers they opened on the Servers tab (for as long as the panel is open).
 */
import { signal } from '@preact/signals';
import type { ServerStatus, ServerView } from '@/lib/state';

export type GroupList = 'tools' | 'resources' | 'prompts';

/** Folded groups, oldest first (a Set keeps the order things were added in). */
export const collapsedGroups = signal<ReadonlySet<string>>(new Set());

/** At most this many folded groups are remembered: the oldest are forgotten first. */
export const MAX_REMEMBERED_GROUPS = 500;

export const groupKey = (list: GroupList, serverUrl: string) => `${list} ${serverUrl}`;

export function setCollapsed(key: string, collapsed: boolean): void {
  const next = new Set(collapsedGroups.value);
  next.delete(key);
  if (collapsed) next.add(key);
  collapsedGroups.value = new Set([...next].slice(-MAX_REMEMBERED_GROUPS));
}

/** Servers the person opened (true) or closed (false) on the Servers tab, by id. */
export const openServers = signal<ReadonlyMap<string, boolean>>(new Map());

export function setServerOpen(serverId: string, open: boolean): void {
  openServers.value = new Map(openServers.value).set(serverId, open);
}

/** What a server's status asks of the person: its details (the error, the button that fixes it) show unasked. */
const NEEDS_THE_PERSON: ReadonlySet<ServerStatus> = new Set(['needs-permission', 'needs-authorization', 'error']);

/** Whether a server shows its details: as the person left it, else open while it needs them. */
export const serverOpen = (server: Pick<ServerView, 'id' | 'status'>): boolean =>
  openServers.value.get(server.id) ?? NEEDS_THE_PERSON.has(server.status);

/** A server to bring into view when the Servers tab shows next (a group's "Server details"). */
export const serverToReveal = signal<string | null>(null);

/** Opens a server on the Servers tab and brings it into view there. */
export function revealServer(serverId: string): void {
  setServerOpen(serverId, true);
  serverToReveal.value = serverId;
}
