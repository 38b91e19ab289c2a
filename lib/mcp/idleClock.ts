/**
 * The idle clock of one connection: a request fails once its server has been silent for the
 * idle allowance, except while the person is being asked (a form, a sign-in), which pauses
 * every clock of the connection and gives each the full allowance again afterwards.
 * The SDK's own timeout cannot pause, so requests run with it off and under this instead.
 */

import { t } from '../i18n';

// setTimeout's ceiling: the SDK's own timer must never fire before our idle clock.
export const NO_SDK_TIMEOUT = 2 ** 31 - 1;

export interface Watch {
  /** The server did something (progress): the allowance starts again. */
  touch(): void;
  stop(): void;
}

export interface IdleClock {
  /** The person is being asked; no clock of this connection runs out until `resume`. */
  pause(): void;
  resume(): void;
  /** Calls `onIdle` once the allowance passes with no `touch` and nobody being asked. */
  watch(onIdle: () => void): Watch;
  /** Seconds, or milliseconds under one second, in the UI language's digits: read when a message says it. */
  readonly allowance: string;
}

export function idleClock(idleTimeoutMs: number, now: () => number = Date.now): IdleClock {
  let asking = 0;
  const watches = new Set<Watch>();
  const touchAll = () => {
    for (const watch of watches) watch.touch();
  };
  return {
    pause() {
      asking += 1;
      touchAll();
    },
    resume() {
      asking -= 1;
      touchAll();
    },
    watch(onIdle) {
      let last = now();
      let timer: ReturnType<typeof setTimeout>;
      const check = () => {
        if (asking > 0) last = now();
        const idle = now() - last;
        if (idle >= idleTimeoutMs) onIdle();
        else timer = setTimeout(check, idleTimeoutMs - idle);
      };
      timer = setTimeout(check, idleTimeoutMs);
      const watch: Watch = {
        touch: () => {
          last = now();
        },
        stop: () => {
          clearTimeout(timer);
          watches.delete(watch);
        },
      };
      watches.add(watch);
      return watch;
    },
    get allowance() {
      return idleTimeoutMs >= 1000
        ? t('mcp.allowance.seconds', { seconds: Math.round(idleTimeoutMs / 1000) })
        : t('mcp.allowance.ms', { ms: idleTimeoutMs });
    },
  };
}
