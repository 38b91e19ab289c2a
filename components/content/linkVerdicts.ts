/**
 * What the links in a server's markdown really are, as the worker judges them (lib/urls.ts, by
 * the Hub's `checkLinks`): the analysis needs tldts's public-suffix list, 30 KB of the panel's
 * code for nothing else, so the panel asks. Every link a render meets is asked in one batch; a
 * URL's verdict never changes, so each is asked once. Until its verdict comes (a port round
 * trip), a link is its text only, as a refused one is.
 */
import { signal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { UrlAnalysis } from '@/lib/urls';

/** Asks the worker for the analyses of these URLs, in order. */
export type CheckLinks = (urls: string[]) => Promise<UrlAnalysis[]>;

/** Where links are judged; entrypoints/sidepanel/main.tsx gives the worker's ask. Without it no link opens. */
export const LinkCheckContext = createContext<CheckLinks | null>(null);

const verdicts = new Map<string, UrlAnalysis>();
/** Bumped as verdicts come, so the links waiting on them draw again. */
const arrived = signal(0);
const asked = new Set<string>();
let batch: string[] = [];

function ask(url: string, check: CheckLinks): void {
  if (asked.has(url)) return;
  asked.add(url);
  batch.push(url);
  if (batch.length > 1) return;
  queueMicrotask(() => {
    const urls = batch;
    batch = [];
    check(urls).then(
      (analyses) => {
        for (const [i, url] of urls.entries()) if (analyses[i]) verdicts.set(url, analyses[i]);
        arrived.value += 1;
      },
      // Asked again when next drawn: a restarted worker did not answer the old port.
      () => {
        for (const url of urls) asked.delete(url);
      },
    );
  });
}

/** The worker's verdict on `url`, once it has come; asked for (with the render's other links) until then. */
export function useLinkVerdict(url: string): UrlAnalysis | undefined {
  const check = useContext(LinkCheckContext);
  void arrived.value;
  const verdict = verdicts.get(url);
  if (!verdict && check) ask(url, check);
  return verdict;
}
