/**
 * Resources read and then watched: while watched, the read's card is read again each time the
 * server says the resource changed, in place, with when. A watch ends when the person stops
 * it, the card is cleared, the server is removed, or the server or connection ends it.
 */
import { errorMessage } from '../errorMessage';
import type { Connection } from '../mcp/connection';
import type { StopWatching } from '../mcp/resourceWatch';
import { boundForPanel } from '../panelBounds';
import type { ResourceReadView } from '../state';
import type { Activities } from './activities';
import { notConnected } from './words';

export interface LiveResourcesOptions {
  connection: (serverId: string) => Connection | undefined;
  /** The activity list, where each watched read is a card. */
  activities: Pick<Activities, 'find' | 'patch'>;
}

export class LiveResources {
  readonly #options: LiveResourcesOptions;
  readonly #watches = new Map<string, { serverId: string; stop: StopWatching }>();

  constructor(options: LiveResourcesOptions) {
    this.#options = options;
  }

  /** @throws Error when the read is gone or its server cannot say when the resource changes. */
  async watch(activityId: string): Promise<void> {
    const read = this.#read(activityId);
    if (read?.status !== 'done' || this.#watches.has(activityId)) return;
    const connection = this.#options.connection(read.serverId);
    if (!connection) throw new Error(notConnected(undefined));
    let reading = Promise.resolve();
    const stop = await connection.watchResource(read.uri, {
      // One read at a time, in order: a burst of updates ends on the newest content.
      updated: () => {
        reading = reading.then(() => this.#reread(activityId, connection));
      },
      ended: (reason) => {
        this.#watches.delete(activityId);
        this.#setLive(activityId, (live) => live && { ...live, ended: reason });
      },
    });
    this.#watches.set(activityId, { serverId: read.serverId, stop });
    this.#setLive(activityId, () => ({ since: Date.now() }));
  }

  /** Stops watching; the server is told. A server that is gone changes nothing here. */
  async unwatch(activityId: string): Promise<void> {
    const watch = this.#watches.get(activityId);
    this.#watches.delete(activityId);
    this.#setLive(activityId, () => undefined);
    await watch?.stop().catch(() => {});
  }

  /** Stops every watch of a server (it is being removed), or of reads no longer listed. */
  async stopWhere(ended: (activityId: string, serverId: string) => boolean): Promise<void> {
    const stopping = [...this.#watches].filter(([activityId, { serverId }]) => ended(activityId, serverId));
    await Promise.all(stopping.map(([activityId]) => this.unwatch(activityId)));
  }

  async #reread(activityId: string, connection: Connection): Promise<void> {
    const read = this.#read(activityId);
    if (!read || !this.#watches.has(activityId)) return;
    try {
      const { value, cuts } = boundForPanel(await connection.readResource(read.uri));
      this.#options.activities.patch(read, {
        result: value,
        cuts: cuts.length > 0 ? cuts : undefined,
        error: undefined,
        live: { ...read.live!, updatedAt: Date.now() },
      });
    } catch (error) {
      this.#options.activities.patch(read, { live: { ...read.live!, updatedAt: Date.now(), failed: errorMessage(error) } });
    }
  }

  #read(activityId: string): ResourceReadView | undefined {
    const activity = this.#options.activities.find(activityId);
    return activity?.kind === 'resource' ? activity : undefined;
  }

  #setLive(activityId: string, change: (live: ResourceReadView['live']) => ResourceReadView['live']): void {
    const read = this.#read(activityId);
    if (read) this.#options.activities.patch(read, { live: change(read.live) });
  }
}
