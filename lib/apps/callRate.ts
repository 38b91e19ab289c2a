/**
 * How fast one MCP App may make its server work: its tool calls and resource reads together,
 * at most `APP_CALLS_PER_SECOND` within any second (a sliding window, so a burst at the end
 * of one second and the start of the next cannot double it), the excess waiting its turn up
 * to `APP_CALLS_WAITING`, and refused at once past that. Checked before any work is
 * done for the call: in the panel before it crosses the port, and in the worker, which is
 * what the server is protected by, before it is sent.
 */

/** The most requests one app can make the extension send its server in a second (SECURITY.md, MCP Apps). */
export const APP_CALLS_PER_SECOND = 10;
/** Calls past the rate wait in order, this many at most; the rest are refused at once. */
export const APP_CALLS_WAITING = 20;

/** Why a call was refused, as the app is told: English, the bridge's protocol words (docs/i18n.md); the person's card says apps.heldBack. */
export const APP_RATE_REFUSED = `toolnexus held this call back: the app asked for more than ${APP_CALLS_PER_SECOND} calls a second, with ${APP_CALLS_WAITING} already waiting.`;

export class AppRateError extends Error {
  override name = 'AppRateError';
  constructor() {
    super(APP_RATE_REFUSED);
  }
}

export class CallRate {
  readonly #perSecond: number;
  readonly #waitingMax: number;
  readonly #now: () => number;
  /** When each of the latest calls went, oldest first: at most `perSecond` within any second. */
  readonly #sent: number[] = [];
  readonly #waiting: Array<{ go: () => void; refuse: (error: Error) => void }> = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Calls refused since this app started. */
  refused = 0;

  constructor(perSecond = APP_CALLS_PER_SECOND, waitingMax = APP_CALLS_WAITING, now: () => number = Date.now) {
    this.#perSecond = perSecond;
    this.#waitingMax = waitingMax;
    this.#now = now;
  }

  /** Resolves when the call may go; rejects at once with `AppRateError` when too many wait already. */
  take(): Promise<void> {
    if (this.#waiting.length === 0 && this.#free()) {
      this.#sent.push(this.#now());
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.#waitingMax) {
      this.refused += 1;
      return Promise.reject(new AppRateError());
    }
    return new Promise<void>((go, refuse) => {
      this.#waiting.push({ go, refuse });
      this.#schedule();
    });
  }

  /** The app is gone: whatever waits is refused. */
  close(reason: Error): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const call of this.#waiting.splice(0)) call.refuse(reason);
  }

  /** Whether a call may go now: fewer than `perSecond` went in the last second. */
  #free(): boolean {
    const since = this.#now() - 1_000;
    while (this.#sent.length > 0 && this.#sent[0]! <= since) this.#sent.shift();
    return this.#sent.length < this.#perSecond;
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#waiting.length === 0) return;
    const wait = Math.max(0, this.#sent[0]! + 1_000 - this.#now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      while (this.#waiting.length > 0 && this.#free()) {
        this.#sent.push(this.#now());
        this.#waiting.shift()!.go();
      }
      this.#schedule();
    }, wait);
  }
}
