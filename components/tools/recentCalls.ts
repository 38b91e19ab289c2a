import type { Tool } from '@modelcontextprotocol/client';
import { visibleToPerson } from '@/lib/apps/resource';
import type { ActivityView, CallView, ServerView } from '@/lib/state';
import { isDestructive } from '@/lib/tools';

export interface RecentCall {
  call: CallView;
  server: ServerView;
  tool: Tool;
  /** It may run again in one click: not a tool that asks first. */
  rerun: boolean;
}

/** How many recent calls the Tools tab lists. */
export const RECENT_CALLS = 5;

/**
 * The person's latest calls, newest first, one per tool of a server (an app's own calls are
 * the app's), of tools their connected servers still offer. From the results the worker
 * keeps for this browser session: nothing new is written anywhere for them.
 */
export function recentCalls(activities: readonly ActivityView[], servers: readonly ServerView[]): RecentCall[] {
  const recent: RecentCall[] = [];
  const seen = new Set<string>();
  for (const activity of activities) {
    if (recent.length === RECENT_CALLS) break;
    if (activity.kind !== 'tool' || activity.appOf) continue;
    const key = `${activity.serverId} ${activity.tool}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const server = servers.find((candidate) => candidate.id === activity.serverId && candidate.status === 'connected');
    const tool = server?.tools.find((candidate) => candidate.name === activity.tool);
    if (!server || !tool || !visibleToPerson(tool)) continue;
    recent.push({ call: activity, server, tool, rerun: !isDestructive(tool) });
  }
  return recent;
}
