/** "asked 14:02" style clock times and "3 min" style durations for the panel, in the UI language (lib/i18n/format.ts). */
import { signal } from '@preact/signals';
import { formatDuration, formatTime, formatTimeSeconds } from '@/lib/i18n/format';

export const clock = formatTime;
/** To the second: for what changes more often than once a minute (a live resource). */
export const clockSeconds = formatTimeSeconds;
/** A length of time, short and rounded: "45 sec", "3 min", "5 hr". */
export const span = formatDuration;

/** The panel's clock (ms since the epoch); the panel's entry point moves it once a second. */
export const now = signal(Date.now());

/**
 * Text that runs with the clock ("waiting 3 sec", "retrying in 1 min"). Only this text
 * re-renders on a tick: the card around it, and its form, do not.
 */
export function Clocked({ text }: { text: (now: number) => string }) {
  return <>{text(now.value)}</>;
}
