/**
 * The AI Catalog (Agent-Card/ai-catalog specification/ai-catalog.md, specVersion 1.x) as the
 * MCP Server Card extension uses it for domain-level discovery
 * (modelcontextprotocol/experimental-ext-server-card docs/discovery.md at 8924e08, 2026-07-24):
 * `{ specVersion, entries: [{ identifier, type, url | data }] }`, where MCP servers are the
 * entries of type `application/mcp-server-card+json`. Pure: no fetch.
 */
import { t, tn } from '../i18n';
import { isRecord } from '../json';

export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
const NESTED_CATALOG_TYPE = 'application/ai-catalog+json';
/** Past this many entries a catalog is not a site's own list; the rest are not looked at. */
export const MAX_CATALOG_ENTRIES = 200;

/** Where one server's card is: at a URL to fetch, or already read (inline in the catalog at `from`, or fetched there). */
export type CardReference = { identifier: string; url: URL } | { identifier: string; data: unknown; from: URL };

export interface CatalogReading {
  cards: CardReference[];
  problems: string[];
}

/** A short, printable rendering of a value a stranger wrote, for a problem sentence. */
export const quoted = (value: unknown) => JSON.stringify(typeof value === 'string' ? value.slice(0, 80) : value)?.slice(0, 100) ?? 'nothing';

function readEntry(raw: unknown, index: number, base: URL, problems: string[]): CardReference | undefined {
  const at = `entries[${index}]`;
  if (!isRecord(raw)) {
    problems.push(t('discovery.catalog.notObject', { at }));
    return undefined;
  }
  if (raw.type !== SERVER_CARD_TYPE) return undefined;
  const identifier = typeof raw.identifier === 'string' && raw.identifier.length > 0 ? raw.identifier.slice(0, 200) : `${at}`;
  if (typeof raw.identifier !== 'string' || raw.identifier.length === 0) problems.push(t('discovery.catalog.noIdentifier', { at }));
  const hasUrl = raw.url !== undefined;
  if (hasUrl === (raw.data !== undefined)) {
    problems.push(t('discovery.catalog.urlOrData', { identifier: quoted(identifier) }));
    return undefined;
  }
  if (!hasUrl) return { identifier, data: raw.data, from: base };
  // A relative URL is read against the catalog's own address, as any URL in a fetched document.
  if (typeof raw.url !== 'string' || !URL.canParse(raw.url, base.href)) {
    problems.push(t('discovery.catalog.urlNotAddress', { identifier: quoted(identifier), url: quoted(raw.url) }));
    return undefined;
  }
  return { identifier, url: new URL(raw.url, base) };
}

/** The MCP server cards a catalog lists, and every problem with it in words; `base` is where it was read. */
export function readCatalog(value: unknown, base: URL): CatalogReading {
  const problems: string[] = [];
  if (!isRecord(value) || !Array.isArray(value.entries)) {
    return { cards: [], problems: [t('discovery.catalog.notCatalog', { url: base.href })] };
  }
  const version = typeof value.specVersion === 'string' ? value.specVersion : '';
  if (!/^1\.\d+$/.test(version)) {
    return { cards: [], problems: [t('discovery.catalog.specVersion', { url: base.href, version: quoted(value.specVersion) })] };
  }
  const entries = value.entries.slice(0, MAX_CATALOG_ENTRIES);
  if (value.entries.length > MAX_CATALOG_ENTRIES) {
    problems.push(t('discovery.catalog.tooManyEntries', { count: String(value.entries.length), max: MAX_CATALOG_ENTRIES }));
  }
  const cards = entries.flatMap((entry, index) => readEntry(entry, index, base, problems) ?? []);
  const nested = entries.filter((entry) => isRecord(entry) && entry.type === NESTED_CATALOG_TYPE).length;
  if (nested > 0) problems.push(tn('discovery.catalog.nested', nested));
  return { cards, problems };
}
