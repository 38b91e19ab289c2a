/**
 * Sync, a part of the hub: this browser's servers, settings, saved calls and pins kept in the
 * browser's `storage.sync` (one entry each), and what other browsers write there applied here
 * as it arrives. Off until the person turns it on; each browser decides for itself.
 *
 * The decisions are pure and beside it (syncable.ts: what syncs; merge.ts: which side wins;
 * quota.ts: what fits); this part reads and writes the area, one merge at a time, and batches
 * writes under the browser's write rate. What it could not do (a write refused, an entry too large, an entry it cannot read) is
 * in its view for the panel, never thrown away.
 */
import { errorMessage } from '../errorMessage';
import { t } from '../i18n';
import type { Answer, Request } from '../request';
import { SyncSecrets } from './asking';
import type { Provenance } from '../inbox';
import type { Stored } from '../stored';
import { digestOf, readItem } from './items';
import { keyName, linkByUrl, localEntities, managedKeys } from './local';
import { type BaseEntry, type Decision, decide, type LocalEntity } from './merge';
import { nextWriteAt, type PlannedWrite, SYNC_QUOTA, type SyncQuota, fitWrites, usage } from './quota';
import { keySubject, kindOf } from './syncable';
import type { LocalOnly, SyncConflictView, SyncView } from './view';
import { applyEntry, localData, type SyncTargets } from './apply';
import type { SyncArea, SyncState } from './area';

export interface SyncOptions {
  area?: SyncArea;
  stored?: Stored<Partial<SyncState>>;
  targets: SyncTargets;
  /** Asks the person (the Inbox): a synced server's missing secrets. */
  ask: (request: Request, provenance: Provenance) => Promise<Answer>;
  /** The admin policy manages this server here: it neither syncs nor is changed by sync. */
  isManaged?: (server: { url: string }) => boolean;
  newId: () => string;
  changed: () => void;
  now?: () => number;
  /** How long writes wait for more changes to go with them. */
  debounceMs?: number;
  /** How long after a refused write it is tried again. */
  retryMs?: number;
  quota?: SyncQuota;
}

const MAX_CONFLICTS = 20;
const OFF: SyncState = { enabled: false, base: {}, pending: {}, awaiting: {} };

export class Sync {
  readonly #options: SyncOptions;
  #state: SyncState = OFF;
  /** The area as last read, and as changed since. */
  #remote = new Map<string, unknown>();
  #stopListening: (() => void) | undefined;
  #chain: Promise<void> = Promise.resolve();
  readonly #writes = new Map<string, { write: PlannedWrite; base: BaseEntry }>();
  readonly #drops = new Set<string>();
  #writeTimes: number[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #scanTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the first local change since the last scan was made. */
  #changedAt: number | undefined;
  #problem: string | undefined;
  #syncedAt: number | undefined;
  #localOnly: LocalOnly[] = [];
  #conflicts: SyncConflictView[] = [];
  readonly #unreadable = new Map<string, string>();
  #view: SyncView | undefined;

  readonly #secrets: SyncSecrets;

  constructor(options: SyncOptions) {
    this.#options = options;
    this.#secrets = new SyncSecrets({
      ...options.targets,
      ask: options.ask,
      awaiting: () => this.#state.awaiting,
      save: () => this.#save(),
      changed: () => this.#touch(),
    });
  }

  /** Reads whether sync is on and what was agreed; when on, merges with the area and listens to it. Waits for the hub's stores to be loaded. */
  async start(): Promise<void> {
    const kept = (await this.#options.stored?.load()) ?? {};
    this.#state = { ...OFF, ...kept };
    this.#touch();
    if (this.#state.enabled && this.#options.area) await this.#run(() => this.#connect(false));
  }

  view(): SyncView {
    if (this.#view) return this.#view;
    const { enabled, awaiting } = this.#state;
    const quota = this.#options.quota ?? SYNC_QUOTA;
    const used = usage(this.#remote);
    this.#view = {
      enabled,
      syncedAt: this.#syncedAt,
      problem: this.#problem,
      localOnly: this.#localOnly,
      conflicts: this.#conflicts,
      unreadable: [...this.#unreadable].map(([key, reason]) => {
        const kind = kindOf(key) ?? 'settings';
        return { key, kind, name: keyName(key, kind), reason };
      }),
      needsSecrets: Object.entries(awaiting).map(([serverId, missing]) => ({
        serverId,
        name: this.#options.targets.servers.saved(serverId)?.name || this.#options.targets.servers.saved(serverId)?.url || serverId,
        ...missing,
      })),
      usage: { ...used, quotaBytes: quota.bytes, maxItems: quota.items },
    };
    return this.#view;
  }

  /**
   * Turns sync on (this browser's entries merged with the area's: nothing here is removed, where
   * both differ the area's wins) or off (this browser stops reading and writing the area, which
   * keeps what other browsers read). @throws Error when this browser has no sync area.
   */
  setEnabled(on: boolean): Promise<void> {
    const { area } = this.#options;
    if (!area) return Promise.reject(new Error(t('sync.unavailable')));
    return this.#run(async () => {
      if (on === this.#state.enabled) return;
      if (on) {
        this.#state = { ...this.#state, enabled: true, writer: this.#state.writer ?? this.#options.newId(), base: {}, pending: {} };
        await this.#save();
        await this.#connect(true);
        return;
      }
      this.#disconnect();
      this.#state = { ...OFF, writer: this.#state.writer, awaiting: this.#state.awaiting };
      await this.#save();
      this.#touch();
    });
  }

  /** This browser's servers, settings, saved calls or pins were saved: what changed is written a moment later, with whatever else changes meanwhile. */
  localSaved(): void {
    if (!this.#state.enabled || !this.#stopListening) return;
    this.#changedAt ??= this.#now();
    if (this.#scanTimer) clearTimeout(this.#scanTimer);
    this.#scanTimer = setTimeout(() => {
      this.#scanTimer = undefined;
      void this.#run(() => this.#scan());
    }, this.#options.debounceMs ?? 1_000);
  }

  dismissConflicts(): void {
    this.#conflicts = [];
    this.#touch();
  }

  /** Asks the person again for the secrets a synced server waits for (they dismissed the first Request). */
  askSecrets(serverId: string): void {
    const missing = this.#state.awaiting[serverId];
    if (missing) this.#secrets.ask(serverId, missing);
  }

  #run(task: () => Promise<void>): Promise<void> {
    const run = this.#chain.then(task);
    this.#chain = run.catch((error: unknown) => {
      this.#problem = t('sync.stopped', { error: errorMessage(error) });
      this.#touch();
    });
    return run;
  }

  async #connect(turningOn: boolean): Promise<void> {
    const area = this.#options.area!;
    this.#stopListening ??= area.onChanged((changes) => void this.#run(() => this.#remoteChanged(changes)));
    let all: Record<string, unknown>;
    try {
      all = await area.get();
    } catch (error) {
      this.#problem = t('sync.readFailed', { error: errorMessage(error) });
      this.#touch();
      return;
    }
    this.#remote = new Map(Object.entries(all).filter(([key]) => kindOf(key) !== undefined));
    const links = turningOn ? linkByUrl(localData(this.#options.targets).servers, this.#remote) : new Map<string, string>();
    await this.#merge(undefined, turningOn, links);
  }

  #disconnect(): void {
    this.#stopListening?.();
    this.#stopListening = undefined;
    for (const timer of [this.#flushTimer, this.#scanTimer]) if (timer) clearTimeout(timer);
    this.#flushTimer = this.#scanTimer = this.#changedAt = undefined;
    this.#writes.clear();
    this.#drops.clear();
    this.#remote = new Map();
    this.#localOnly = [];
    this.#conflicts = [];
    this.#unreadable.clear();
    this.#problem = undefined;
  }

  async #remoteChanged(changes: Record<string, { newValue?: unknown }>): Promise<void> {
    if (!this.#state.enabled) return;
    const keys = Object.keys(changes).filter((key) => kindOf(key) !== undefined);
    if (keys.length === 0) return;
    for (const key of keys) {
      const value = changes[key]!.newValue;
      if (value === undefined) this.#remote.delete(key);
      else this.#remote.set(key, value);
    }
    await this.#merge(keys, false);
  }

  /** Records when each entry this browser changed was changed, then merges them. */
  async #scan(): Promise<void> {
    if (!this.#state.enabled) return;
    const at = this.#changedAt ?? this.#now();
    this.#changedAt = undefined;
    const { local } = this.#locals();
    const { base, pending } = this.#state;
    const keys = new Set([...local.keys(), ...Object.keys(base)]);
    const changed = [...keys].filter((key) => {
      const entity = local.get(key);
      return base[key] ? digestOf(entity?.body ?? null) !== base[key].digest : entity !== undefined;
    });
    for (const key of changed) pending[key] ??= at;
    await this.#merge(changed, false);
  }

  /** Decides each key (every key when `keys` is undefined) and acts on it. */
  async #merge(keys: string[] | undefined, turningOn: boolean, links = new Map<string, string>()): Promise<void> {
    const { local, managed } = this.#locals(links);
    const { base, pending } = this.#state;
    const all = keys ?? [...new Set([...local.keys(), ...this.#remote.keys(), ...Object.keys(base)])];
    for (const key of all) {
      if (managed.has(key)) continue;
      const value = this.#remote.get(key);
      const state = {
        key,
        base: base[key],
        local: local.get(key),
        localChangedAt: pending[key],
        remote: value === undefined ? undefined : readItem(value),
      };
      await this.#act(key, decide(state, this.#context(turningOn)), local.get(key), keySubject(key));
    }
    this.#syncedAt = this.#now();
    await this.#save();
    this.#touch();
    if (this.#writes.size > 0 || this.#drops.size > 0) this.#scheduleFlush();
  }

  async #act(key: string, decision: Decision, entity: LocalEntity | undefined, subject: string): Promise<void> {
    const { base, pending } = this.#state;
    if (decision.do !== 'unreadable') this.#unreadable.delete(key);
    switch (decision.do) {
      case 'nothing':
        if (decision.base) base[key] = decision.base;
        if (decision.drop) this.#drops.add(key);
        return;
      case 'forget':
        delete base[key];
        delete pending[key];
        this.#writes.delete(key);
        if (decision.drop) this.#drops.add(key);
        return;
      case 'unreadable':
        this.#unreadable.set(key, decision.reason);
        return;
      case 'push': {
        const kind = kindOf(key)!;
        const name = entity?.name ?? this.#writes.get(key)?.write.name ?? subject;
        this.#writes.set(key, { write: { key, kind, name, item: decision.item }, base: decision.base });
        if (decision.conflict) this.#conflict(key, name, decision.conflict);
        return;
      }
      case 'apply': {
        const localId = decision.base.localId ?? subject;
        const applied = await applyEntry(this.#options.targets, key, decision.body, { localId, isManaged: this.#isManaged });
        if ('unreadable' in applied) {
          this.#unreadable.set(key, applied.unreadable);
          return;
        }
        if ('skipped' in applied) return;
        base[key] = decision.base;
        delete pending[key];
        this.#writes.delete(key);
        if (decision.body === null) delete this.#state.awaiting[localId];
        if (applied.missing) this.#secrets.ask(localId, applied.missing);
        if (decision.drop) {
          this.#drops.add(key);
          delete base[key];
        }
        if (decision.conflict) this.#conflict(key, entity?.name ?? subject, decision.conflict);
      }
    }
  }

  #conflict(key: string, name: string, { kept, other }: { kept: 'here' | 'there'; other: { at: number } }): void {
    const seen: SyncConflictView = { key, kind: kindOf(key)!, name, kept, otherAt: other.at, at: this.#now() };
    this.#conflicts = [seen, ...this.#conflicts.filter((conflict) => conflict.key !== key)].slice(0, MAX_CONFLICTS);
  }

  #scheduleFlush(): void {
    if (this.#flushTimer) return;
    const now = this.#now();
    const wait = Math.max(this.#options.debounceMs ?? 1_000, nextWriteAt(this.#writeTimes, now, this.#options.quota) - now);
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = undefined;
      void this.#run(() => this.#flush());
    }, wait);
  }

  /** Writes what waits, what fits in one `set`, and deletes expired tombstones in one `remove`. */
  async #flush(): Promise<void> {
    const area = this.#options.area;
    if (!this.#state.enabled || !area) return;
    const { fit, left } = fitWrites(
      this.#remote,
      [...this.#writes.values()].map(({ write }) => write),
      this.#options.quota,
    );
    this.#localOnly = left;
    try {
      if (fit.length > 0) {
        this.#writeTimes = [...this.#writeTimes.filter((time) => time > this.#now() - 3_600_000), this.#now()];
        await area.set(Object.fromEntries(fit.map(({ key, item }) => [key, item])));
        for (const { key, item } of fit) {
          this.#remote.set(key, item);
          this.#state.base[key] = this.#writes.get(key)!.base;
          delete this.#state.pending[key];
          this.#writes.delete(key);
        }
      }
      if (this.#drops.size > 0) {
        const dropped = [...this.#drops];
        this.#writeTimes.push(this.#now());
        await area.remove(dropped);
        for (const key of dropped) {
          this.#remote.delete(key);
          this.#drops.delete(key);
        }
      }
      this.#problem = undefined;
      this.#syncedAt = this.#now();
    } catch (error) {
      this.#problem = t('sync.writeRefused', { error: errorMessage(error) });
      this.#flushTimer = setTimeout(() => {
        this.#flushTimer = undefined;
        void this.#run(() => this.#flush());
      }, this.#options.retryMs ?? 60_000);
    }
    await this.#save();
    this.#touch();
  }

  /** This browser's entries, and the keys of the servers the admin policy manages here (sync leaves those alone, both ways). */
  #locals(extra: ReadonlyMap<string, string> = new Map()): { local: Map<string, LocalEntity>; managed: Set<string> } {
    const links = new Map(extra);
    for (const [key, entry] of Object.entries(this.#state.base)) if (entry.localId) links.set(entry.localId, key);
    const data = localData(this.#options.targets);
    const awaiting = new Map(Object.entries(this.#state.awaiting));
    return { local: localEntities(data, { isManaged: this.#isManaged, links, awaiting }), managed: managedKeys(data, this.#isManaged, links) };
  }

  readonly #isManaged = (server: { url: string }): boolean => this.#options.isManaged?.(server) ?? false;

  #context(turningOn: boolean) {
    return { writer: this.#state.writer ?? '', now: this.#now(), turningOn };
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  async #save(): Promise<void> {
    await this.#options.stored?.save(this.#state);
  }

  #touch(): void {
    this.#view = undefined;
    this.#options.changed();
  }
}
