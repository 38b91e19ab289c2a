/**
 * The activity list: tool calls, resource reads and prompts sent to servers, running or
 * finished, newest first, with a way to cancel each one that runs. Kept (`kept`, in the
 * extension `storage.session`) as it changes, so a stopped worker's successor shows the same
 * results, and says which calls the stop cut off instead of dropping them.
 */
import { errorMessage } from '../errorMessage';
import type { CallOptions, Connection, InputRound } from '../mcp/connection';
import type { TaskRef } from '../mcp/tasks';
import { boundForPanel, type PanelBounds } from '../panelBounds';
import type { ActivityView, CallView, PromptView, ResourceReadView } from '../state';
import { durableMirror, type Stored } from '../stored';
import { keepActivities } from './eviction';
import { t } from '../i18n';
import { notConnected } from './words';

/**
 * How much of each activity is kept for the next worker: storage.session holds 10 MB for
 * everything, and 50 results at the panel's own bounds could fill it several times over.
 */
export const KEPT_BOUNDS: PanelBounds = { maxString: 20_000, maxItems: 500, maxKeys: 500, maxDepth: 32, maxTotal: 40_000 };

/**
 * A request that ends within this long is shown done at once, never "running…" first: that
 * card's render and paint sat on the click's critical path (an outside trace: 4–6 ms render,
 * 5–8 ms paint of a 12.5 ms click → result). Two frames: a slower one shows running in time.
 */
export const SHOW_RUNNING_AFTER_MS = 32;

/**
 * How long a request's end waits before it is kept, so a burst of calls shares one write.
 * Written in the task after each end, every call's write ran just as the panel's next command
 * came (0.4–0.5 ms of the next call's way to its fetch, back to back; bench/findings.md, stop
 * 35). A worker stopped within it shows that call as the one before it kept it (running, so
 * reported interrupted, or not yet shown): an idle stop comes 30 s after the last event and
 * storage.session does not outlive the browser, so only a crash or a reload meets it. What a
 * successor needs to carry a call on or report it (its start shown, a task) is kept at once.
 */
export const KEEP_AFTER_MS = 100;

/** What a call still running when its worker stopped ends with: its answer had nowhere to go. */
export const interrupted = (): string => t('errors.hub.interrupted');

/** What a watched resource says when its worker stopped: the watch ended with it. */
const unwatched = (): string => t('errors.hub.unwatched');

/** What an activity asks of its server. */
export type ActivityTarget =
  | Pick<CallView, 'kind' | 'tool' | 'args' | 'app' | 'appOf'>
  | Pick<ResourceReadView, 'kind' | 'uri' | 'skill'>
  | Pick<PromptView, 'kind' | 'prompt' | 'args'>;

/** Sends an activity's request on a connection. */
export type Send<T extends ActivityView> = (connection: Connection, options: CallOptions) => Promise<T['result']>;

export interface ActivitiesOptions {
  /** How many finished results are kept (lib/hub/eviction.ts). */
  keep: number;
  /** Whether a result's MCP App runs now: its result is kept while it does. */
  live?: (activityId: string) => boolean;
  newId: () => string;
  /** The server's live connection, if it has one now. */
  connection: (serverId: string) => Connection | undefined;
  displayName: (serverId: string) => string | undefined;
  /** A 2026-07-28 call waits on the person in `round`, or (`undefined`) no longer does. */
  onRound: (activityId: string, round: InputRound | undefined) => void;
  /** A call runs as `task` (at its latest status), or (`undefined`) has ended. */
  onTask: (activityId: string, task: TaskRef | undefined) => void;
  /** A request failed on a connection that was there when it was sent: perhaps the connection is gone. */
  failed: (serverId: string, error: unknown) => void;
  changed: () => void;
  /** Where the list is kept for a stopped worker's successor. */
  kept?: Stored<ActivityView[]>;
}

export class Activities {
  readonly #options: ActivitiesOptions;
  #activities: ActivityView[] = [];
  readonly #controllers = new Map<string, AbortController>();
  readonly #save: (activities: ActivityView[]) => Promise<void>;
  /** Each activity as kept, built once: an unchanged activity is not cut again on every write. */
  readonly #keptForm = new WeakMap<ActivityView, ActivityView>();
  /** Until the last worker's list is read (`restore`), writing this one's would erase it. */
  #mayWrite = false;
  /** The write queued, and when it is due. */
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #saveDue = Number.POSITIVE_INFINITY;
  /** Results the bound dropped since the last Clear: the panel says so. */
  #dropped = 0;

  constructor(options: ActivitiesOptions) {
    this.#options = options;
    this.#save = durableMirror(options.kept);
  }

  /** Newest first; the same array until an activity changes. */
  list(): ActivityView[] {
    return this.#activities;
  }

  find(activityId: string): ActivityView | undefined {
    return this.#activities.find((item) => item.id === activityId);
  }

  /** How many finished results the bound dropped since the last Clear. */
  dropped(): number {
    return this.#dropped;
  }

  running(): boolean {
    return this.#activities.some((activity) => activity.status === 'running');
  }

  run<T extends ActivityView>(target: ActivityTarget, serverId: string, send: Send<T>): Promise<T> {
    const activity = { ...target, id: this.#options.newId(), serverId, startedAt: Date.now(), status: 'running' } as T;
    return this.execute(activity, send);
  }

  /** Runs `activity` (new, or carried on from a stopped worker) and shows how it ends. */
  async execute<T extends ActivityView>(activity: T, send: Send<T>): Promise<T> {
    const { serverId } = activity;
    this.#keep([activity, ...this.#activities.filter((item) => item.id !== activity.id)]);
    const controller = new AbortController();
    this.#controllers.set(activity.id, controller);
    // Shown and kept once it has run a while, or with anything else shown or kept meanwhile: a
    // fast call's start and end are one write, made as it ends (its start, alone, was a write
    // on the call's path; a worker stopped before it shows had not shown the call either).
    this.#changed(false, false);
    const showRunning = setTimeout(() => this.#changed(), SHOW_RUNNING_AFTER_MS);
    const connection = this.#options.connection(serverId);
    try {
      if (!connection) throw new Error(notConnected(this.#options.displayName(serverId)));
      const result = await send(connection, {
        signal: controller.signal,
        onprogress: (progress) => this.patch(activity, { progress: boundForPanel(progress).value } as Partial<T>, false),
        onRound: (round) => this.#options.onRound(activity.id, round),
        onTask: (task) => {
          const { taskId: id, status, statusMessage } = task;
          this.patch(activity as CallView, { task: { id, status, ...(statusMessage !== undefined && { statusMessage }) } });
          this.#options.onTask(activity.id, task);
        },
      });
      const { value: shown, cuts } = boundForPanel(result);
      return this.patch(activity, { status: 'done', result: shown, ...(cuts.length > 0 && { cuts }) } as Partial<T>);
    } catch (error) {
      const status = controller.signal.aborted ? 'cancelled' : 'failed';
      const ended = this.patch(activity, { status, error: boundForPanel(errorMessage(error)).value } as Partial<T>);
      if (connection) this.#options.failed(serverId, error);
      return ended;
    } finally {
      clearTimeout(showRunning);
      this.#controllers.delete(activity.id);
      this.#options.onRound(activity.id, undefined);
      this.#options.onTask(activity.id, undefined);
    }
  }

  /**
   * Changes an activity and returns it changed (also when the list no longer holds it: its
   * server was removed, or the bound dropped it as it ended). One that ends gets its end time
   * and loses its progress, and the bound applies then: a burst of calls shows them all while
   * they run, and no more than `keep` finished once they end. Progress alone is not kept (`keep`).
   */
  patch<T extends ActivityView>(activity: T, patch: Partial<T>, keep = true): T {
    const ended = patch.status !== undefined && patch.status !== 'running';
    const current = this.find(activity.id);
    const changed = { ...(current ?? activity), ...patch, ...(ended ? { endedAt: Date.now(), progress: undefined } : {}) } as T;
    if (!current) return changed;
    const activities = this.#activities.map((item) => (item === current ? changed : item));
    if (ended) this.#keep(activities);
    else this.#activities = activities;
    this.#changed(keep ? (ended ? 'later' : 'soon') : false);
    return changed;
  }

  cancel(activityId: string): void {
    this.#controllers.get(activityId)?.abort();
  }

  clear(): void {
    this.#activities = this.#activities.filter((activity) => activity.status === 'running');
    this.#dropped = 0;
    this.#changed();
  }

  /** The server was removed: its results leave the list, and any of its requests still running is stopped. */
  dropServer(serverId: string): void {
    const gone = this.#activities.filter((activity) => activity.serverId === serverId);
    if (gone.length === 0) return;
    for (const activity of gone) this.#controllers.get(activity.id)?.abort();
    this.#activities = this.#activities.filter((activity) => activity.serverId !== serverId);
    this.#changed();
  }

  /** The list the last worker kept. */
  async load(): Promise<ActivityView[]> {
    return (await this.#options.kept?.load()) ?? [];
  }

  /**
   * Puts back the activities a stopped worker left, in time order with any this one began:
   * `resumed` will be carried on; any other that was running when it stopped failed with it.
   */
  restore(left: ActivityView[], resumed: ActivityView[] = []): void {
    const carried = new Set(resumed.map((activity) => activity.id));
    const endedAt = Date.now();
    const ended = left
      .filter((activity) => !carried.has(activity.id))
      .map((activity): ActivityView => (activity.status === 'running' ? { ...activity, status: 'failed', error: interrupted(), endedAt } : activity))
      // A watch lived in the stopped worker's connection.
      .map((activity) =>
        activity.kind === 'resource' && activity.live && !activity.live.ended
          ? { ...activity, live: { ...activity.live, ended: unwatched() } }
          : activity,
      );
    // What comes back as it was kept is its own kept form: unchanged, it is not written again.
    for (const activity of [...left, ...resumed]) this.#keptForm.set(activity, activity);
    const all = [...this.#activities, ...resumed, ...ended].sort((a, b) => b.startedAt - a.startedAt);
    this.#keep(all);
    this.#mayWrite = true;
    this.#changed();
  }

  #keep(activities: ActivityView[]): void {
    const kept = keepActivities(activities, this.#options.keep, this.#options.live);
    this.#activities = kept.activities;
    this.#dropped += kept.dropped;
  }

  /** `keep`: kept in the task after this one (`soon`), `KEEP_AFTER_MS` later, or not at all (progress). */
  #changed(keep: 'soon' | 'later' | false = 'soon', show = true): void {
    if (show) this.#options.changed();
    if (!keep || !this.#mayWrite) return;
    // Never in this task: the panel hears first, and a fast call's start and end are one write
    // (each write cost the worker ~1.5 ms of a ~10 ms tools/call in the bench).
    const delay = keep === 'soon' ? 0 : KEEP_AFTER_MS;
    const due = Date.now() + delay;
    if (this.#saveTimer !== undefined && this.#saveDue <= due) return;
    clearTimeout(this.#saveTimer);
    this.#saveDue = due;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined;
      this.#saveDue = Number.POSITIVE_INFINITY;
      void this.#save(this.#activities.map((activity) => this.#kept(activity)));
    }, delay);
  }

  #kept(activity: ActivityView): ActivityView {
    let kept = this.#keptForm.get(activity);
    if (kept) return kept;
    const { progress: _progress, ...rest } = activity;
    const { value, cuts } = boundForPanel(rest as ActivityView, KEPT_BOUNDS);
    kept = cuts.length > 0 ? { ...value, cuts: [...new Set([...(activity.cuts ?? []), ...cuts])] } : value;
    this.#keptForm.set(activity, kept);
    return kept;
  }
}
