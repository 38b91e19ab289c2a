/**
 * The organisation's policy the hub holds (issue 39): the last one that applied, kept in
 * storage.local and applied first at every start, so that the moment the browser has not yet
 * said what its managed storage holds never opens a gap; then the browser's own, read at the
 * start and again whenever it says it changed (Chrome: `storage.onChanged`, area `managed`).
 * Each policy applied is handed to the parts that act on it (lib/hub/policyEnforcement.ts); the
 * rest ask `judge()`, the one place the policy is asked (lib/policy/judge.ts).
 *
 * The start waits for the browser's answer only briefly (`startWaitMs`): Chrome's comes seconds
 * after the browser starts, and the kept policy holds until then. An empty answer at the start,
 * while a policy is kept, is asked once more after `confirmEmptyMs` before it is believed. A
 * change the browser announces is believed at once.
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
  /** How long the start waits for the browser's answer (START_WAIT_MS). */
  startWaitMs?: number;
  changed: () => void;
}

/** Told each policy applied, with the judge it replaced; awaited before the next is applied. */
export type PolicyListener = (judge: PolicyJudge, before: PolicyJudge) => Promise<void>;

export const CONFIRM_EMPTY_MS = 5_000;
/** How long the start waits for the browser's answer before it connects under the kept policy: a worker restarted in a running browser is answered in ~1 ms. */
export const START_WAIT_MS = 250;
const LATE = Symbol('late');

/** What the browser said (`undefined`: it could not say), and when it was asked. */
interface Answer {
  raw: unknown;
  order: number;
}
const isEmpty = (raw: unknown) => typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.keys(raw).length === 0;

export class OrgPolicy {
  readonly #options: OrgPolicyOptions;
  #judge = new PolicyJudge({ state: 'none' }, OFFICIAL_REGISTRY);
  #view: PolicyView = NO_POLICY;
  /** The policy in force as JSON, to tell a real change from the same policy read again. */
  #text = '{}';
  #listener: PolicyListener | undefined;
  /** Policies are applied one at a time, in the order they were read (`#queue`). */
  #applying: Promise<void> = Promise.resolve();
  #recheck: ReturnType<typeof setTimeout> | undefined;
  /** How many times the browser was asked, and which answer was applied last. */
  #asked = 0;
  #applied = 0;
  /** What storage.local holds of the kept policy, as JSON (`{}` for none). */
  #stored: string | undefined;

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
   * Applies the kept policy, then the browser's if it answers within `startWaitMs`: resolves once
   * the one to start with is in force. Chrome answers only once its policy service is up, seconds
   * after the browser starts (2.5 s measured on Chromium 156): the start does not wait for that,
   * the servers connect under the kept policy meanwhile, and the answer applies as a change.
   */
  load(): Promise<void> {
    return this.#queue(async () => {
      const { source, kept: store, startWaitMs = START_WAIT_MS } = this.#options;
      source?.onChange(() => void this.refresh());
      const answer = this.#read();
      const kept = await store?.load().catch(() => null);
      this.#stored = JSON.stringify(kept?.raw ?? {});
      if (kept) this.#set(kept.raw, true);
      let wait: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<typeof LATE>((resolve) => (wait = setTimeout(resolve, startWaitMs, LATE)));
      const early = await Promise.race([answer, late]);
      clearTimeout(wait);
      if (early !== LATE) return this.#answer(early, false);
      void answer.then((later) => this.#queue(() => this.#answer(later, true)));
    });
  }

  /** Reads the browser's policy again and applies it if it changed (or was only kept until now). */
  refresh(): Promise<void> {
    clearTimeout(this.#recheck);
    return this.#queue(async () => this.#apply(await this.#read(), true));
  }

  /** What the browser says now, numbered in the order it was asked: an answer older than one applied is stale. */
  async #read(): Promise<Answer> {
    const order = ++this.#asked;
    return { raw: await this.#options.source?.read(), order };
  }

  /** Runs `step` after every step queued before it: policies are applied in the order they were read. */
  #queue(step: () => Promise<void>): Promise<void> {
    const done = this.#applying.then(step);
    this.#applying = done.catch(() => {});
    return done;
  }

  /**
   * The browser's first answer: an empty one while a policy is kept is asked once more before it
   * is believed (a browser whose policy service is still loading may answer `{}`). `acted`: the
   * servers have connected since, so a change is handed to the listener.
   */
  async #answer(answer: Answer, acted: boolean): Promise<void> {
    if (this.#view.kept && isEmpty(answer.raw)) {
      this.#recheck = setTimeout(() => void this.refresh(), this.#options.confirmEmptyMs ?? CONFIRM_EMPTY_MS);
      return;
    }
    await this.#apply(answer, acted);
  }

  /** Puts what the browser said in force and keeps it; `acted`: tells the listener when it changed what is judged. */
  async #apply({ raw, order }: Answer, acted: boolean): Promise<void> {
    // A late start's answer, overtaken by a change read since, says less than what is in force.
    if (raw === undefined || order < this.#applied) return;
    this.#applied = order;
    const before = this.#judge;
    const changed = this.#set(raw, false);
    await this.#keep(raw);
    if (changed && acted) await this.#listener?.(this.#judge, before);
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

  /** Keeps `raw` as the last policy applied; no write when that is what is kept already (every start reads it again). */
  async #keep(raw: unknown): Promise<void> {
    const text = JSON.stringify(raw);
    if (text === this.#stored) return;
    this.#stored = text;
    await this.#options.kept?.save(isEmpty(raw) ? null : { raw }).catch(() => {});
  }
}
