/**
 * Which activities the panel's list keeps. Pure: the rule alone, tested alone; `Activities`
 * applies it as each activity joins the list and as each ends (applied at the start alone, a
 * burst of 40 calls left up to 90 results once they had ended).
 *
 * An app's own calls are the app's, not the person's results: bounded per app and never taking
 * a result's place. A result whose app is running stays while the app lives (`live`), outside
 * the bound, which still holds for everything else.
 */
import type { ActivityView } from '../state';

/** How many finished results the list keeps (beside running ones and those whose app runs). */
export const RESULTS_KEPT = 50;

/** How many of one app's finished calls are kept, newest first: the log under the app shows them. */
export const APP_CALLS_KEPT = 20;

export interface KeptActivities {
  activities: ActivityView[];
  /** How many of the person's finished results the bound dropped. */
  dropped: number;
}

const appOf = (activity: ActivityView) => (activity.kind === 'tool' ? activity.appOf : undefined);

/**
 * The newest `keep` finished results and every running activity however old; besides them,
 * results whose app is `live`, and the newest `APP_CALLS_KEPT` finished calls of each kept
 * result's app (an app's calls go with its result).
 */
export function keepActivities(activities: ActivityView[], keep: number, live: (activityId: string) => boolean = () => false): KeptActivities {
  let finished = 0;
  let dropped = 0;
  const results = new Set<string>();
  for (const activity of activities) {
    if (appOf(activity) !== undefined) continue;
    if (activity.status === 'running' || live(activity.id) || (finished += 1) <= keep) results.add(activity.id);
    else dropped += 1;
  }
  const perApp = new Map<string, number>();
  const kept = activities.filter((activity) => {
    const app = appOf(activity);
    if (app === undefined) return results.has(activity.id);
    if (activity.status === 'running') return true;
    if (!results.has(app)) return false;
    const count = (perApp.get(app) ?? 0) + 1;
    perApp.set(app, count);
    return count <= APP_CALLS_KEPT;
  });
  return { activities: kept, dropped };
}
