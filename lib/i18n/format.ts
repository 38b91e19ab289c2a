/**
 * Dates, times, numbers, sizes, durations and lists as the UI language writes them (docs/i18n.md):
 * every one through Intl with the catalog's locale (lib/i18n uiLocale), each formatter built once
 * per language (building one per call cost ~20 % of a 200-Request render: components/shared/time.tsx).
 */
import { uiLocale } from './index';
import { PSEUDO_LOCALE } from './pseudo';

const made = new Map<string, unknown>();
/** The formatter `make` builds for the UI language, built once for it. */
function once<F>(name: string, make: (locale: string) => F): F {
  const key = `${uiLocale()} ${name}`;
  let formatter = made.get(key) as F | undefined;
  if (!formatter) made.set(key, (formatter = make(uiLocale())));
  return formatter;
}

/**
 * What Intl wrote, as shown: in the pseudo-locale (which Intl knows as English) its letters in
 * their fullwidth forms ("３ ｍｉｎ"), so that a value formatted here passes the pseudo-locale's
 * check and one written by hand ("3 min") does not (docs/i18n.md). Not lib/i18n/pseudo.ts's
 * accents: their table would be a fifth of a kilobyte of the panel's first load for a test build.
 */
const shown = (text: string): string =>
  uiLocale() === PSEUDO_LOCALE ? text.replace(/[a-z]/gi, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0xfee0)) : text;

/** "14:02" (or "2:02 PM"): the time of day, to the minute. */
export const formatTime = (time: number): string =>
  shown(once('time', (locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' })).format(time));

/** "14:02:37": the time of day to the second, for what changes more often than once a minute (a live resource, an app's calls). */
export const formatTimeSeconds = (time: number): string =>
  shown(once('timeSeconds', (locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })).format(time));

/** A day and a time: "3 Sept 2026, 14:02". */
export const formatDateTime = (time: number): string =>
  shown(once('dateTime', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(time));

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];
/** `time` from `now` in words: "3 minutes ago", "in 2 hours", "now". */
export function formatRelative(time: number, now: number): string {
  let amount = (time - now) / 1000;
  let step = 0;
  while (Math.abs(amount) >= RELATIVE_STEPS[step]![1]) amount /= RELATIVE_STEPS[step++]![1];
  const relative = once('relative', (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return shown(relative.format(Math.round(amount), RELATIVE_STEPS[step]![0]));
}

const DURATION_STEPS: ReadonlyArray<[string, number, number]> = [
  // unit, its length in seconds, shown up to this many of it before the next unit
  ['second', 1, 60],
  ['minute', 60, 120],
  ['hour', 3_600, Number.POSITIVE_INFINITY],
];
/** A length of time, short and rounded: "45 sec", "3 min", "5 hr" (Intl.DurationFormat is not in Node 20 or every browser yet). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms / 1000);
  const [unit, length] = DURATION_STEPS.find(([, size, upTo]) => Math.round(seconds / size) < upTo)!;
  return shown(
    once(`duration ${unit}`, (locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' })).format(
      Math.round(seconds / length),
    ),
  );
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
/** A size in bytes, in the largest unit under 1024 of it: "512 byte", "1.5 kB", "16 MB". */
export function formatSize(bytes: number): string {
  let amount = Math.max(0, bytes);
  let unit = 0;
  while (amount >= 1024 && unit < SIZE_UNITS.length - 1) {
    amount /= 1024;
    unit += 1;
  }
  const name = SIZE_UNITS[unit]!;
  return shown(
    once(
      `size ${name}`,
      (locale) => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: 1 }),
    ).format(amount),
  );
}

/** A script by its ISO 15924 code ("Cyrl") as the UI language names it ("Cyrillic"); the code where Intl has no name for it. */
export const scriptName = (code: string): string =>
  shown(once('script', (locale) => new Intl.DisplayNames(locale, { type: 'script', fallback: 'code' })).of(code) ?? code);

const list = () => once('list', (locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));
/** The list in parts, so a component can show each item as an element of its own (a server's name isolated); the words between as shown. */
export const listParts = (items: string[]): Array<{ type: 'element' | 'literal'; value: string }> =>
  list()
    .formatToParts(items)
    .map((part) => (part.type === 'literal' ? { type: 'literal', value: shown(part.value) } : part));
/** "A, B and C" as the UI language joins a list. */
export const formatList = (items: string[]): string =>
  listParts(items)
    .map((part) => part.value)
    .join('');
