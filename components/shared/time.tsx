/** "asked 14:02" style clock times and "3 min" style durations for the panel. */
import { signal } from '@preact/signals';

// One formatter for every card: building one per call cost ~20% of a 200-Request render.
const clockFormat = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
export const clock = (time: number) => clockFormat.format(time);
const secondsFormat = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** To the second: for what changes more often than once a minute (a live resource). */
export const clockSeconds = (time: number) => secondsFormat.format(time);

export function span(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.round(minutes / 60)} h`;
}

/** The panel's clock (ms since the epoch); the panel's entry point moves it once a second. */
export const now = signal(Date.now());

/**
 * Text that runs with the clock ("waiting 3 s", "retrying in 1 min"). Only this text
 * re-renders on a tick: the card around it, and its form, do not.
 */
export function Clocked({ text }: { text: (now: number) => string }) {
  return <>{text(now.value)}</>;
}
