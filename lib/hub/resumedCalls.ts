/**
 * What a stopped worker leaves to the next one. Pending Requests are mirrored as they change;
 * those of a 2026-07-28 call are asked again and the call carried on once its server connects
 * (the server keeps nothing of the call, so the retry can come from any worker). A call the
 * server runs as a task is followed again by its task id, even after a browser restart. Of
 * the rest, the next worker can only say they were lost.
 */
import type { PendingRequest } from '../inbox';
import type { InputRound } from '../mcp/connection';
import type { TaskRef } from '../mcp/tasks';
import type { ActivityView } from '../state';
import type { Send } from './activities';
import type { Notices } from './notices';
import { durableMirror, type Stored } from '../stored';
import { isolated, t } from '../i18n';

/** A 2026-07-28 call paused on the person: its activity, and the round it waits in. */
/** Why a server's carried-on calls end: it was removed, turned off, or its organisation blocks it. */
export type DropReason = 'removed' | 'disabled' | 'blocked';

const dropped = (why: DropReason, server: string): string =>
  why === 'removed'
    ? t('errors.hub.droppedRemoved', { server })
    : why === 'disabled'
      ? t('errors.hub.droppedDisabled', { server })
      : t('errors.hub.droppedBlocked', { server });

export interface SuspendedCall {
  activity: ActivityView;
  round: InputRound;
}

/** A tool call the server runs as a task: its activity, and the task to follow. */
export interface KeptTask {
  activity: ActivityView;
  task: TaskRef;
}

/** What resuming needs of the activity list. */
export interface ActivityLog {
  find(activityId: string): ActivityView | undefined;
  patch(activity: ActivityView, patch: Partial<ActivityView>): void;
  execute(activity: ActivityView, send: Send<ActivityView>): Promise<ActivityView>;
  load(): Promise<ActivityView[]>;
  restore(left: ActivityView[], resumed: ActivityView[]): void;
}

export interface ResumedCallsOptions {
  /** Where pending Requests are mirrored while they wait. */
  pending?: Stored<PendingRequest[]>;
  /** Where calls waiting on the person are kept. */
  suspended?: Stored<SuspendedCall[]>;
  /** Where calls running as tasks are kept: beyond a browser restart, as the server keeps the task that long. */
  tasks?: Stored<KeptTask[]>;
  activities: ActivityLog;
  /** The Requests pending now, in this worker's inbox. */
  asked: () => PendingRequest[];
  displayName: (serverId: string) => string | undefined;
  notify: Notices['notify'];
  changed: () => void;
}

export class ResumedCalls {
  readonly #options: ResumedCallsOptions;
  /** Pending Requests, as the next worker will find them (see durableMirror). */
  readonly #savePending: (pending: PendingRequest[]) => Promise<void>;
  readonly #saveSuspended: (calls: SuspendedCall[]) => Promise<void>;
  readonly #saveTasks: (tasks: KeptTask[]) => Promise<void>;
  #takenOver: Promise<void> = Promise.resolve();
  /** Until the last worker's lists are read, writing this worker's would erase them. */
  #mayWrite = false;
  /** 2026-07-28 calls waiting on the person, by activity id, as kept in `suspended`. */
  readonly #suspended = new Map<string, SuspendedCall>();
  /** Of those, the ones a stopped worker left, carried on once their server connects. */
  readonly #toResume = new Map<string, SuspendedCall>();
  /** Calls running as tasks, by activity id, as kept in `tasks`. */
  readonly #tasks = new Map<string, KeptTask>();
  /** Of those, the ones a stopped worker left, followed again once their server connects. */
  readonly #tasksToFollow = new Map<string, KeptTask>();
  /** When the kept Requests were first asked, so asking them again keeps their times. */
  readonly #askedBefore = new Map<string, PendingRequest>();

  constructor(options: ResumedCallsOptions) {
    this.#options = options;
    this.#savePending = durableMirror(options.pending);
    this.#saveSuspended = durableMirror(options.suspended);
    this.#saveTasks = durableMirror(options.tasks);
  }

  /**
   * Reads what the last worker left: its calls are put back to be carried on, the Requests of
   * those calls wait to be asked again, and the rest are told lost instead of lost silently.
   * Then the stored lists become this worker's own.
   */
  takeOver(): Promise<void> {
    this.#takenOver = this.#takeOver();
    return this.#takenOver;
  }

  /** Settles once the last worker's lists are read (at once before `takeOver`). */
  takenOver(): Promise<void> {
    return this.#takenOver;
  }

  async #takeOver(): Promise<void> {
    const [pending = [], suspended = [], tasks = [], left] = await Promise.all([
      this.#options.pending?.load(),
      this.#options.suspended?.load(),
      this.#options.tasks?.load(),
      this.#options.activities.load(),
    ]);
    const kept = new Set(suspended.flatMap((call) => Object.values(call.round.requestIds)));
    for (const request of pending) {
      if (kept.has(request.id)) this.#askedBefore.set(request.id, request);
      else this.#options.notify('lost', request, t('notices.lost', { server: isolated(request.serverName) }));
    }
    for (const call of suspended) {
      this.#suspended.set(call.activity.id, call);
      this.#toResume.set(call.activity.id, call);
    }
    for (const kept of tasks) {
      this.#tasks.set(kept.activity.id, kept);
      this.#tasksToFollow.set(kept.activity.id, kept);
    }
    this.#options.activities.restore(
      left,
      [...suspended, ...tasks].map((call) => call.activity),
    );
    this.#mayWrite = true;
    void this.#mirror(this.#options.asked());
    this.#options.changed();
  }

  /**
   * The inbox changed: mirror it, once the last worker's list has been read. Settles when a
   * stopped worker's successor would find the change (the hub shows it only then); nothing to
   * wait for (`undefined`) without a store. Until the
   * last list is read nothing can be written without erasing it, and a Request asked then is
   * shown at once rather than held behind a slow read: the takeover writes it right after.
   */
  pendingChanged(pending: PendingRequest[]): Promise<void> | undefined {
    return this.#mayWrite && this.#options.pending ? this.#mirror(pending) : undefined;
  }

  /** The Request as the last worker asked it, if this one asks it again; asked once only. */
  takeAskedBefore(requestId: string): PendingRequest | undefined {
    const before = this.#askedBefore.get(requestId);
    this.#askedBefore.delete(requestId);
    return before;
  }

  /** Keeps (or forgets) the round a 2026-07-28 call waits in, where a new worker finds it. */
  keep(activityId: string, round: InputRound | undefined): void {
    const activity = this.#options.activities.find(activityId);
    if (round && activity) this.#suspended.set(activityId, { activity: { ...activity, progress: undefined }, round });
    else if (!this.#suspended.delete(activityId)) return;
    void this.#saveSuspended([...this.#suspended.values()]);
  }

  /** Keeps (or forgets) the task a tool call runs as, where a new worker or a restarted browser finds it. */
  keepTask(activityId: string, task: TaskRef | undefined): void {
    const activity = this.#options.activities.find(activityId);
    if (task && activity) this.#tasks.set(activityId, { activity: { ...activity, progress: undefined }, task });
    else if (!this.#tasks.delete(activityId)) return;
    void this.#saveTasks([...this.#tasks.values()]);
  }

  /** Carries on the calls a stopped worker left waiting on this (now connected) server, and follows its tasks again. */
  resume(serverId: string): void {
    for (const [activityId, call] of this.#toResume) {
      if (call.activity.serverId !== serverId) continue;
      this.#toResume.delete(activityId);
      void this.#options.activities.execute(call.activity, (connection, options) => connection.resume(call.round, options));
    }
    for (const [activityId, kept] of this.#tasksToFollow) {
      if (kept.activity.serverId !== serverId) continue;
      this.#tasksToFollow.delete(activityId);
      void this.#options.activities.execute(kept.activity, (connection, options) => connection.followTask(kept.task, options));
    }
  }

  /** The server's kept calls will not be carried on: it `what` (e.g. "was removed"). */
  dropServer(serverId: string, why: DropReason): void {
    const name = this.#options.displayName(serverId);
    const words = dropped(why, name === undefined ? t('errors.hub.theServer') : isolated(name));
    for (const { activity } of [...this.#toResume.values(), ...this.#tasksToFollow.values()]) {
      if (activity.serverId === serverId) this.drop(activity.id, 'failed', words);
    }
  }

  /** A kept call that will not be carried on after all (cancelled, its server removed or disabled). */
  drop(activityId: string, status: 'cancelled' | 'failed', error: string): void {
    const call = this.#toResume.get(activityId);
    const kept = this.#tasksToFollow.get(activityId);
    if (call) {
      this.#toResume.delete(activityId);
      this.keep(activityId, undefined);
      for (const requestId of Object.values(call.round.requestIds)) this.#askedBefore.delete(requestId);
    } else if (kept) {
      this.#tasksToFollow.delete(activityId);
      this.keepTask(activityId, undefined);
    } else return;
    this.#options.activities.patch((call ?? kept)!.activity, { status, error });
  }

  /** Kept Requests not asked again yet stay mirrored beside the pending ones, in case this worker stops too. */
  #mirror(pending: PendingRequest[]): Promise<void> {
    return this.#savePending([...pending, ...this.#askedBefore.values()]);
  }
}
