/**
 * The organisation's policy the hub holds (issue 39): the last one that applied, kept in
 * storage.local and applied first at every start, so that the moment the browser has not yet
 * said what its managed storage holds never opens a gap; then the browser's own, read at the
 * start and again whenever it says it changed (Chrome: `storage.onChanged`, area `managed`).
 * Each policy applied is handed to the parts that act on it (lib/hub/policyEnforcement.ts); the
 * rest ask `judge()`, the one place the policy is asked (lib/policy/judge.ts).
 *
 * An empty answer at the start, while a policy is kept, is asked once more after
 * `confirmEmptyMs` before it is believed: a browser whose policy service is still loading
 * answers `{}` too. A change the browser announces is believed at once.
 */
import { NO_POLICY, PolicyJudge, type PolicyView, policyView, readPolicy } from '../policy';
import { OFFICIAL_REGISTRY } from '../registry/client';
import type { Stored } from '../stored';

/** The browser's managed storage, as the worker reads it (entrypoints/background/policy.ts). */
export interface PolicySource {
  /** What the browser holds for the extension now: an object, `{}` when it has no policy; `undefined` when it could not say. */
  read(): Promise<unknown>;
  /** Calls `listener` whenever the browser says the policy changed. */
  onChange(listener: () => void): void;
}

/** What is kept of the last policy that applied (storage.local): as the browser gave it, read again with today's rules. */
export interface KeptPolicy {
  raw: unknown;
}

export interface OrgPolicyOptions {
  source?: PolicySource;
  kept?: Stored<KeptPolicy | null>;
  /** How long an empty answer at the start waits to be asked again while a policy is kept. */
  confirmEmptyMs?: number;
  changed: () => void;
}

/** Told each policy applied, with the judge it replaced; awaited before the next is applied. */
export type PolicyListener = (judge: PolicyJudge, before: PolicyJudge) => Promise<void>;

export const CONFIRM_EMPTY_MS = 5_000;
const isEmpty = (raw: unknown) => typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.keys(raw).length === 0;

export class OrgPolicy {
  readonly #options: OrgPolicyOptions;
  #judge = new PolicyJudge({ state: 'none' }, OFFICIAL_REGISTRY);
  #view: PolicyView = NO_POLICY;
  /** The policy in force as JSON, to tell a real change from the same policy read again. */
  #text = '{}';
  #listener: PolicyListener | undefined;
  /** Policies are applied one at a time, in the order they were read. */
  #applying: Promise<void> = Promise.resolve();
  #recheck: ReturnType<typeof setTimeout> | undefined;

  constructor(options: OrgPolicyOptions) {
    this.#options = options;
  }

  /** The policy in force, to ask. */
  readonly judge = (): PolicyJudge => this.#judge;

  /** What the panel shows of it. */
  view(): PolicyView {
    return this.#view;
  }

  /** Who acts on each policy applied (one listener: the hub's enforcement). */
  onApplied(listener: PolicyListener): void {
    this.#listener = listener;
  }

  /**
   * Applies the kept policy, then the browser's: resolves once the one to start with is in
   * force. Nothing is handed to the listener here: the start judges every server as it connects.
   * A change the browser announces meanwhile is applied after it, in order.
   */
  load(): Promise<void> {
    const loaded = this.#applying.then(() => this.#load());
    this.#applying = loaded.catch(() => {});
    return loaded;
  }

  async #load(): Promise<void> {
    this.#options.source?.onChange(() => void this.refresh());
    const [kept, current] = await Promise.all([this.#options.kept?.load().catch(() => null), this.#options.source?.read()]);
    if (kept) this.#set(kept.raw, true);
    if (current === undefined) return;
    if (kept && isEmpty(current) && !isEmpty(kept.raw)) {
      this.#recheck = setTimeout(() => void this.refresh(), this.#options.confirmEmptyMs ?? CONFIRM_EMPTY_MS);
      return;
    }
    this.#set(current, false);
    await this.#keep(current);
  }

  /** Reads the browser's policy again and applies it if it changed (or was only kept until now). */
  refresh(): Promise<void> {
    clearTimeout(this.#recheck);
    this.#applying = this.#applying.then(async () => {
      const raw = await this.#options.source?.read();
      if (raw === undefined) return;
      const before = this.#judge;
      const changed = this.#set(raw, false);
      await this.#keep(raw);
      if (changed) await this.#listener?.(this.#judge, before);
    });
    return this.#applying;
  }

  /** Puts `raw` in force; says whether what is judged changed. */
  #set(raw: unknown, kept: boolean): boolean {
    const text = JSON.stringify(raw) ?? 'null';
    const changed = text !== this.#text;
    if (changed) {
      this.#judge = new PolicyJudge(readPolicy(raw), OFFICIAL_REGISTRY);
      this.#text = text;
    }
    if (changed || Boolean(this.#view.kept) !== kept) {
      this.#view = policyView(this.#judge, raw, kept);
      this.#options.changed();
    }
    return changed;
  }

  async #keep(raw: unknown): Promise<void> {
    await this.#options.kept?.save(isEmpty(raw) ? null : { raw }).catch(() => {});
  }
}
