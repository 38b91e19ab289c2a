/**
 * An MCP Server Card (SEP-2127, draft; the shape of modelcontextprotocol/experimental-ext-server-card
 * schema.ts at 8924e08, 2026-07-24: `$schema` .../schemas/v1/server-card.schema.json). A v1 card is
 * the registry's server.json without `packages` (the extension went card-only in its #28), so its
 * body is read by the same strict reader as server.json, and its remotes become the same offers.
 * Pure: no fetch.
 */
import { t } from '../i18n';
import { readServerJson, ServerJsonError, type ServerManifest } from '../registry/serverJson';
import type { UrlJudge } from '../urls';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export type CardReading = { ok: true; manifest: ServerManifest } | { ok: false; problems: string[] };

/** Reads one card; `where` names it in the problems (its URL, or the catalog entry it was inline in). */
export function readServerCard(value: unknown, where: string, judge: UrlJudge): CardReading {
  const schema = typeof value === 'object' && value !== null ? (value as { $schema?: unknown }).$schema : undefined;
  // The schema URL is the card's revision: a date-versioned or missing one is another draft's shape (the extension's own examples call it invalid).
  if (schema !== SERVER_CARD_SCHEMA) {
    const said = typeof schema === 'string' ? `"${schema.slice(0, 120)}"` : t('discovery.card.noSchema', { field: '$schema' });
    return { ok: false, problems: [t('discovery.card.notV1', { where, said, schema: SERVER_CARD_SCHEMA })] };
  }
  try {
    return { ok: true, manifest: readServerJson(value, judge) };
  } catch (error) {
    if (!(error instanceof ServerJsonError)) throw error;
    return { ok: false, problems: [t('discovery.card.notMatching', { where, problems: error.problems.slice(0, 5).join('; ') })] };
  }
}
