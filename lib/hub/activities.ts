/**
 * The activity list: tool calls, resource reads and prompts sent to servers, running or
 * finished, newest first, with a way to cancel each one that runs.
 */
import { errorMessage } from '../errorMessage';
import type { CallOptions, Connection, InputRound } from '../mcp/connection';
import { boundForPanel } from '../panelBounds';
import type { ActivityView, CallView, PromptView, ResourceReadView } from '../state';

/** What an activity asks of its server. */
export type ActivityTarget =
  | Pick<CallView, 'kind' | 'tool' | 'args'>
  | Pick<ResourceReadView, 'kind' | 'uri'>
  | Pick<PromptView, 'kind' | 'prompt' | 'args'>;

/** Sends an activity's request on a connection. */
export type Send<T extends ActivityView> = (connection: Connection, options: CallOptions) => Promise<T['result']>;

/**
 * The newest `keep` finished activities, and every running one besides: a running call must
 * stay in the panel (its progress, its Cancel) and its result must land somewhere.
 */
export function keepActivities(activities: ActivityView[], keep: number): ActivityView[] {
  let finished = 0;
  return activities.filter((activity) => activity.status === 'running' || (finished += 1) <= keep);
}

export interface ActivitiesOptions {
  /** How many finished activities are kept. */
  keep: number;
  newId: () => string;
  /** The server's live connection, if it has one now. */
  connection: (serverId: string) => Connection | undefined;
  displayName: (serverId: string) => string | undefined;
  /** A 2026-07-28 call waits on the person in `round`, or (`undefined`) no longer does. */
  onRound: (activityId: string, round: InputRound | undefined) => void;
  /** A request failed on a connection that was there when it was sent: perhaps the connection is gone. */
  failed: (serverId: string, error: unknown) => void;
  changed: () => void;
}

export class Activities {
  readonly #options: ActivitiesOptions;
  #activities: ActivityView[] = [];
  readonly #controllers = new Map<string, AbortController>();

  constructor(options: ActivitiesOptions) {
    this.#options = options;
  }

  /** Newest first; the same array until an activity changes. */
  list(): ActivityView[] {
    return this.#activities;
  }

  find(activityId: string): ActivityView | undefined {
    return this.#activities.find((item) => item.id === activityId);
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
    this.#activities = keepActivities([activity, ...this.#activities.filter((item) => item.id !== activity.id)], this.#options.keep);
    const controller = new AbortController();
    this.#controllers.set(activity.id, controller);
    this.#options.changed();
    const connection = this.#options.connection(serverId);
    try {
      if (!connection) throw new Error(`${this.#options.displayName(serverId) ?? 'That server'} is not connected.`);
      const result = await send(connection, {
        signal: controller.signal,
        onprogress: (progress) => this.patch(activity, { progress: boundForPanel(progress).value } as Partial<T>),
        onRound: (round) => this.#options.onRound(activity.id, round),
      });
      const { value: shown, cuts } = boundForPanel(result);
      this.patch(activity, { status: 'done', result: shown, ...(cuts.length > 0 && { cuts }) } as Partial<T>);
    } catch (error) {
      const status = controller.signal.aborted ? 'cancelled' : 'failed';
      this.patch(activity, { status, error: boundForPanel(errorMessage(error)).value } as Partial<T>);
      if (connection) this.#options.failed(serverId, error);
    } finally {
      this.#controllers.delete(activity.id);
      this.#options.onRound(activity.id, undefined);
    }
    return this.find(activity.id) as T;
  }

  /** Changes an activity; one that ends gets its end time and loses its progress. */
  patch<T extends ActivityView>(activity: T, patch: Partial<T>): void {
    const ended = patch.status !== undefined && patch.status !== 'running';
    this.#activities = this.#activities.map((item) =>
      item.id === activity.id ? ({ ...item, ...patch, ...(ended ? { endedAt: Date.now(), progress: undefined } : {}) } as ActivityView) : item,
    );
    this.#options.changed();
  }

  cancel(activityId: string): void {
    this.#controllers.get(activityId)?.abort();
  }

  clear(): void {
    this.#activities = this.#activities.filter((activity) => activity.status === 'running');
    this.#options.changed();
  }

  /** Puts back the activities a stopped worker left, ahead of any this one began. */
  restore(kept: ActivityView[]): void {
    this.#activities = keepActivities([...kept, ...this.#activities], this.#options.keep);
  }
}
