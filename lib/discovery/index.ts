/**
 * "Look for an MCP server on this site": reads the site's AI Catalog at
 * `/.well-known/ai-catalog.json` and the MCP Server Cards it lists (SEP-2127, a draft: this follows
 * modelcontextprotocol/experimental-ext-server-card at 8924e08, 2026-07-24, docs/discovery.md and
 * schema.ts v1), and turns each card's remotes into the offers the Add form takes. A site with no
 * catalog gets one more look, at `/mcp/server-card`: the location the extension reserves for a
 * server whose streamable-HTTP URL is `<origin>/mcp`, the path most servers use.
 *
 * A site is not a trusted party: every document is bounded (size, time, count), redirects stay on
 * the origin asked, a document may not send the extension into a more private network than the
 * site's own, and what a card calls itself is kept apart from where it really came from. Runs in
 * the worker with its `fetch` (or Node's in tests); no DOM.
 */
import { t, tn } from '../i18n';
import { claimedDomain } from '../registry/trust';
import type { ServerManifest } from '../registry/serverJson';
import { refusalOf, refusalReason, type UrlJudge, urlJudge } from '../urls';
import { AI_CATALOG_PATH, type CardReference, quoted, readCatalog, SERVER_CARD_TYPE } from './catalog';
import { type DocumentBounds, type Fetch, fetchDocument } from './fetchDocument';
import { crossesIntoPrivate } from './networks';
import { readServerCard } from './serverCard';

/** The reserved card location of a server at `<origin>/mcp` (docs/discovery.md, "Hosted Server Card Location"). */
export const FALLBACK_CARD_PATH = '/mcp/server-card';
const MAX_PROBLEMS = 30;
const MAX_PROBLEM_CHARS = 400;
const CATALOG_ACCEPT = 'application/ai-catalog+json, application/json;q=0.9';
const CARD_ACCEPT = `${SERVER_CARD_TYPE}, application/json;q=0.9`;

export interface DiscoveryLimits {
  /** Each document's own time bound. */
  timeoutMs: number;
  /** The whole look's time bound. */
  totalMs: number;
  maxBytes: number;
  /** Cards read from one catalog. */
  maxCards: number;
  /** Remotes offered of one card. */
  maxRemotes: number;
}

export const DISCOVERY_LIMITS: DiscoveryLimits = { timeoutMs: 5_000, totalMs: 15_000, maxBytes: 256 * 1024, maxCards: 16, maxRemotes: 8 };

/** One server card the site offers: its remotes are the offers the Add form takes. */
export interface SiteOffer {
  /** The card as read, its remotes only those the site may send the extension to. */
  manifest: ServerManifest;
  /** The origin the card really came from, whatever its name says: the Add form's `source.from`. */
  from: string;
  /** Where the card was read: its URL, or the catalog's for a card inline in it. */
  cardUrl: string;
  /** What the person should know before adding it: the card's name claims a domain it was not served from. */
  warnings: string[];
}

export interface SiteDiscovery {
  /** The origin that was looked at. */
  site: string;
  offers: SiteOffer[];
  /** Everything that went wrong or was left out, in words; the look goes on past each. */
  problems: string[];
}

/** Where the look reads cards from: the catalog's, or the one reserved location when there is no catalog. */
async function findCards(site: URL, bounds: DocumentBounds, problems: string[]): Promise<CardReference[]> {
  const catalogUrl = new URL(AI_CATALOG_PATH, site);
  const catalog = await fetchDocument(catalogUrl, CATALOG_ACCEPT, bounds);
  if (catalog.ok) {
    const reading = readCatalog(catalog.value, catalog.url);
    problems.push(...reading.problems);
    if (reading.cards.length > 0 || reading.problems.length === 0) {
      if (reading.cards.length === 0) problems.push(t('discovery.catalog.listsNone', { origin: site.origin }));
      return reading.cards;
    }
  } else if (catalog.status !== 404) problems.push(catalog.problem);
  const fallback = new URL(FALLBACK_CARD_PATH, site);
  const card = await fetchDocument(fallback, CARD_ACCEPT, bounds);
  if (card.ok) return [{ identifier: card.url.href, data: card.value, from: card.url }];
  if (catalog.ok || catalog.status !== 404 || card.status !== 404) {
    if (card.status === 404) problems.push(t('discovery.catalog.noFallbackCard', { url: fallback.href }));
    else problems.push(card.problem);
  } else {
    problems.push(t('discovery.catalog.nothingPublished', { origin: site.origin, catalogPath: AI_CATALOG_PATH, cardPath: FALLBACK_CARD_PATH }));
  }
  return [];
}

/** Why the extension may not read the card at `url` for `site`; null when it may. */
function refusal(site: URL, url: URL): string | null {
  const why = crossesIntoPrivate(site, url) ?? refusalReason(url.href);
  return why ? t('discovery.card.notRead', { url: url.href, why }) : null;
}

async function readCard(site: URL, reference: CardReference, bounds: DocumentBounds, judge: UrlJudge, problems: string[]) {
  if ('data' in reference) {
    const fetchedAlone = reference.identifier === reference.from.href;
    const where = fetchedAlone ? reference.from.href : t('discovery.card.inCatalog', { identifier: quoted(reference.identifier) });
    const reading = readServerCard(reference.data, where, judge);
    if (!reading.ok) problems.push(...reading.problems);
    return reading.ok ? { manifest: reading.manifest, cardUrl: reference.from.href } : undefined;
  }
  const refused = refusal(site, reference.url);
  if (refused) {
    problems.push(refused);
    return undefined;
  }
  const fetched = await fetchDocument(reference.url, CARD_ACCEPT, bounds);
  if (!fetched.ok) {
    problems.push(fetched.problem);
    return undefined;
  }
  const reading = readServerCard(fetched.value, fetched.url.href, judge);
  if (!reading.ok) problems.push(...reading.problems);
  return reading.ok ? { manifest: reading.manifest, cardUrl: fetched.url.href } : undefined;
}

/** The card as an offer: its remotes those on a network the site may point to, its name checked against where it came from. */
function offerOf(
  site: URL,
  card: { manifest: ServerManifest; cardUrl: string },
  judge: UrlJudge,
  limits: DiscoveryLimits,
  problems: string[],
): SiteOffer | undefined {
  const { manifest, cardUrl } = card;
  const servedBy = new URL(cardUrl);
  const claimed = claimedDomain(manifest.name, judge);
  const warnings =
    claimed && claimed !== judge(servedBy.href).domain ? [t('discovery.card.misnamed', { name: manifest.name, claimed, host: servedBy.host })] : [];
  if (manifest.remotes.length > limits.maxRemotes) {
    problems.push(t('discovery.card.tooManyRemotes', { name: manifest.name, count: String(manifest.remotes.length), max: limits.maxRemotes }));
  }
  const remotes = manifest.remotes.slice(0, limits.maxRemotes).filter((remote) => {
    const sample = remote.origin.replace(/\{[^{}]*\}/g, 'x');
    const crossing = URL.canParse(sample) ? crossesIntoPrivate(site, new URL(sample)) : null;
    if (crossing) problems.push(t('discovery.card.remoteLeftOut', { name: manifest.name, url: remote.urlTemplate, why: crossing }));
    return !crossing;
  });
  if (remotes.length === 0) {
    if (manifest.remotes.length === 0) problems.push(t('discovery.card.noRemote', { name: manifest.name, url: cardUrl }));
    return undefined;
  }
  return { manifest: { ...manifest, remotes }, from: servedBy.origin, cardUrl, warnings };
}

/** Looks for MCP servers on the site of `pageUrl`; never throws for what the site serves. */
export async function discoverSite(pageUrl: string, fetch: Fetch, limits: DiscoveryLimits = DISCOVERY_LIMITS): Promise<SiteDiscovery> {
  if (!URL.canParse(pageUrl)) return { site: pageUrl.slice(0, 200), offers: [], problems: [t('discovery.site.noAddress')] };
  const page = new URL(pageUrl);
  const shown = pageUrl.slice(0, 200);
  if (page.protocol !== 'https:' && page.protocol !== 'http:') {
    return { site: shown, offers: [], problems: [t('discovery.site.notWebSite', { url: shown })] };
  }
  const site = new URL(page.origin);
  if (refusalOf(site.href)) {
    return { site: site.origin, offers: [], problems: [t('discovery.site.plainHttp', { url: shown })] };
  }
  const bounds: DocumentBounds = { fetch, timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, signal: AbortSignal.timeout(limits.totalMs) };
  const problems: string[] = [];
  const [references, judge] = await Promise.all([findCards(site, bounds, problems), urlJudge()]);
  if (references.length > limits.maxCards) {
    problems.push(t('discovery.catalog.tooManyServers', { count: String(references.length), max: limits.maxCards }));
  }
  // Read side by side, told in the catalog's order: each card's problems apart, then one after another.
  const read = await Promise.all(
    references.slice(0, limits.maxCards).map(async (reference) => {
      const own: string[] = [];
      const card = await readCard(site, reference, bounds, judge, own);
      return { offer: card && offerOf(site, card, judge, limits, own), own };
    }),
  );
  const offers = read.flatMap(({ offer }) => offer ?? []);
  problems.push(...read.flatMap(({ own }) => own));
  return { site: site.origin, offers, problems: bounded(problems) };
}

/** A site writes the URLs these quote: each is cut to a readable length, and a flood of them to a count. */
function bounded(problems: string[]): string[] {
  const shown = problems
    .slice(0, MAX_PROBLEMS)
    .map((problem) => (problem.length > MAX_PROBLEM_CHARS ? `${problem.slice(0, MAX_PROBLEM_CHARS)}…` : problem));
  if (problems.length > MAX_PROBLEMS) shown.push(tn('discovery.site.moreProblems', problems.length - MAX_PROBLEMS));
  return shown;
}
