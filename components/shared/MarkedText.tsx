import type { ComponentChildren } from 'preact';
import { t, tn } from '@/lib/i18n';
import type { NameMark } from '@/lib/names';

export interface MarkedTextProps {
  text: string;
  /** Where the filter matched, as `[start, end)` of `text`, sorted. */
  hits?: ReadonlyArray<readonly [number, number]>;
  /** Characters that make a name read like another (lib/names.ts), shown for what they are. */
  marks?: readonly NameMark[];
  /** At most this many characters are shown; what is left is said as a count. */
  max: number;
}

const NO_HITS: ReadonlyArray<readonly [number, number]> = [];
const NO_MARKS: readonly NameMark[] = [];

/** The window of `text` to show: from its start, or from a little before the first match when that is past the window. */
function windowOf(text: string, hits: MarkedTextProps['hits'], max: number): [number, number] {
  const first = hits?.[0]?.[0] ?? 0;
  const from = first + 20 > max ? Math.max(0, first - 40) : 0;
  return [from, Math.min(text.length, from + max)];
}

/** The server's words, isolated in their own direction (docs/i18n.md). */
const Theirs = ({ children }: { children: ComponentChildren }) => (
  <bdi dir="auto" data-from="server">
    {children}
  </bdi>
);

/**
 * A server's text as text (never markup), bounded, with the filter's matches in `<mark>`
 * and a name's invisible or look-alike characters shown for what they are: an invisible one
 * as its code point, a look-alike letter underlined, its script and code point on hover.
 */
export function MarkedText({ text, hits = NO_HITS, marks = NO_MARKS, max }: MarkedTextProps) {
  const [from, to] = windowOf(text, hits, max);
  if (hits.length === 0 && marks.length === 0 && from === 0 && to === text.length) return <Theirs>{text}</Theirs>;
  const cuts = new Set([from, to]);
  for (const [start, end] of hits) cuts.add(start).add(end);
  for (const { start, end } of marks) cuts.add(start).add(end);
  const points = [...cuts].filter((at) => at >= from && at <= to).sort((a, b) => a - b);
  const parts = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const [start, end] = [points[index]!, points[index + 1]!];
    const mark = marks.find((candidate) => candidate.start === start);
    const piece = text.slice(start, end);
    const shown = !mark ? (
      piece
    ) : mark.kind === 'hidden' ? (
      <span class="hidden-char" title={t('lists.invisibleCharacter', { code: mark.label })}>
        {mark.label}
      </span>
    ) : (
      <span class="lookalike" title={mark.label}>
        {piece}
      </span>
    );
    const hit = hits.some(([hitStart, hitEnd]) => hitStart <= start && end <= hitEnd);
    parts.push(hit ? <mark key={start}>{shown}</mark> : <span key={start}>{shown}</span>);
  }
  return (
    <>
      <Theirs>
        {from > 0 && '…'}
        {parts}
      </Theirs>
      {to < text.length && <span class="muted"> {tn('lists.moreCharacters', text.length - to)}</span>}
    </>
  );
}
