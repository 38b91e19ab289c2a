/**
 * An MV3 worker is stopped after 30 s without extension events, even with a fetch stream
 * open — taking pending Requests and calls with it. Any extension API call resets that
 * clock, so while there is work to lose, `ping` (e.g. `runtime.getPlatformInfo`) runs
 * every `intervalMs`.
 */
export function keepAliveWhile(busy: () => boolean, ping: () => unknown, intervalMs = 20_000) {
  let timer: ReturnType<typeof setInterval> | undefined;
  /** Call after anything that may change `busy()`. */
  return function update(): void {
    if (busy() && timer === undefined) {
      timer = setInterval(() => void ping(), intervalMs);
    } else if (!busy() && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
