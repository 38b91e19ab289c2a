import { useEffect, useMemo, useRef } from 'preact/hooks';
import { RESULTS_KEPT } from '@/lib/hub/eviction';
import { t } from '@/lib/i18n';
import type { ActivityView, CallView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { ActivityResult } from './ActivityResult';

export interface ActivityListProps {
  title: string;
  activities: ActivityView[];
  serverNames: Map<string, string>;
  /** Whether a call may be run again in one click: its tool is still there, and not one that asks first (destructive); without it, no Run again. */
  canRerun?: (serverId: string, tool: string) => boolean;
  /** Whether a server can say when a resource changed (`resources.subscribe`); without it, no Watch. */
  canWatch?: (serverId: string) => boolean;
  /** How many finished results the list's bound dropped since the last Clear. */
  dropped?: number;
  /**
   * Whether the person sees the list. Hidden (the Tools tab stays mounted on other tabs), it
   * draws only results with an MCP App, whose frames must live on; the rest wait for the tab:
   * a panel opening on 200 pending Requests would otherwise draw 200 running calls nobody sees.
   */
  shown?: boolean;
}

/**
 * Calls `reveal` unless the top of `element` shows below what sits over the top of the view
 * (its scroll margin: the sticky tabs). Read from an IntersectionObserver's first report, made
 * once the frame is laid out: measuring in the effect itself forced a layout of the whole Tools
 * tab for every call that started (bench/findings.md, 2026-12-05 stop 34).
 */
function unlessInView(element: Element, reveal: () => void): () => void {
  const observer = new IntersectionObserver(([entry]) => {
    observer.disconnect();
    if (!entry) return;
    const { top } = entry.boundingClientRect;
    const covered = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (top < covered || top >= (entry.rootBounds?.height ?? window.innerHeight)) reveal();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** A result younger than this counts as just started, even if it finished before the panel drew it running. */
const JUST_STARTED_MS = 5_000;

/**
 * Scrolls to a result that starts while the list is shown, unless it is in view already:
 * results sit above the tools, so Run far down the list would otherwise seem to do nothing.
 * Results that were there when the list appeared (a tab switch) do not move the view. No
 * smooth scrolling: its frames would run into the next call's.
 */
function useRevealNewest(activities: ActivityView[], shown: boolean) {
  const seen = useRef<Set<string> | null>(null);
  const list = useRef<HTMLElement>(null);
  const first = activities[0];
  useEffect(() => {
    const known = seen.current;
    seen.current = new Set(activities.map((activity) => activity.id));
    if (!shown || !known || !first || known.has(first.id)) return;
    if (first.status !== 'running' && Date.now() - first.startedAt > JUST_STARTED_MS) return;
    const newest = list.current?.querySelector('article');
    // A newer result before the report replaces this one: only the newest is brought into view.
    return newest ? unlessInView(newest, () => newest.scrollIntoView?.({ block: 'nearest' })) : undefined;
  }, [first?.id]);
  return list;
}

/** How many of the newest results start their MCP Apps by themselves; older ones wait for a click. */
export const APPS_OPEN = 3;

/** The newest calls that have an app the person started. */
function openApps(results: ActivityView[]): Set<string> {
  const ids = results.filter((activity) => activity.kind === 'tool' && activity.app).map((activity) => activity.id);
  return new Set(ids.slice(0, APPS_OPEN));
}

const EMPTY: CallView[] = [];

/** A person's result with an MCP App: its frame must live on while its tab is hidden. */
export const hasApp = (activity: ActivityView) => activity.kind === 'tool' && activity.app !== undefined && activity.appOf === undefined;

/** The person's results, and apart from them each app's own calls (shown under its app), newest first. */
function byWhoAsked(activities: ActivityView[]) {
  const results: ActivityView[] = [];
  const appCalls = new Map<string, CallView[]>();
  for (const activity of activities) {
    if (activity.kind === 'tool' && activity.appOf) {
      const calls = appCalls.get(activity.appOf) ?? [];
      calls.push(activity);
      appCalls.set(activity.appOf, calls);
    } else results.push(activity);
  }
  return { results, appCalls, open: openApps(results) };
}

/** The latest results of one kind, newest first. */
export function ActivityList({ title, activities, serverNames, canRerun, canWatch, dropped = 0, shown = true }: ActivityListProps) {
  const { clearActivities } = useActions();
  const { results, appCalls, open } = useMemo(() => byWhoAsked(activities), [activities]);
  const list = useRevealNewest(results, shown);
  if (results.length === 0) return null;
  return (
    <section ref={list} class="results" aria-label={title}>
      <header class="section-head">
        <h2>{title}</h2>
        <button type="button" class="link" onClick={() => clearActivities()}>
          {t('results.clear')}
        </button>
      </header>
      {results.map((activity) => (
        <ActivityResult
          key={activity.id}
          activity={activity}
          serverName={serverNames.get(activity.serverId) ?? t('results.removedServer')}
          rerun={activity.kind === 'tool' && canRerun?.(activity.serverId, activity.tool) === true}
          watchable={activity.kind === 'resource' && canWatch?.(activity.serverId) === true}
          appOpen={open.has(activity.id)}
          appCalls={appCalls.get(activity.id) ?? EMPTY}
          drawn={shown || hasApp(activity)}
        />
      ))}
      {dropped > 0 && (
        <p class="muted" role="note">
          {t('results.dropped', { count: RESULTS_KEPT })}
        </p>
      )}
    </section>
  );
}
