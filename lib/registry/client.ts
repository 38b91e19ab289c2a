/**
 * A client of the MCP Registry's read API, as its generic OpenAPI document defines it
 * (modelcontextprotocol/registry docs/reference/api/openapi.yaml at commit dd37eb6, API
 * "2025-12-01", paths under /v0.1, the stable version since 2025-10-17):
 * `GET /v0.1/servers?search=&limit=&cursor=&version=latest` and
 * `GET /v0.1/servers/{serverName}/versions`, each answering a `ServerList`:
 * `{ servers: [{ server: <ServerDetail>, _meta }], metadata: { nextCursor, count } }`, the
 * registry's own words in `_meta["io.modelcontextprotocol.registry/official"]` (`status`
 * active/deprecated/deleted, `isLatest`; docs/reference/api/CHANGELOG.md adds `statusMessage`,
 * the reason a server was deprecated, which is shown when present).
 * A company's subregistry implements the same API at its own base URL.
 *
 * A registry is not a trusted party: its answer is read with a size bound and a time bound,
 * each entry is read by the strict server.json reader, and an entry that fails it is shown with
 * its problems instead of hiding the rest of the page. `fetch` is injected (the worker's, or
 * Node's in tests).
 */
import { t } from '../i18n';
import { readAtMost } from '../readAtMost';
import { refusalReason, type UrlJudge, urlJudge } from '../urls';
import { readServerJson, ServerJsonError, type ServerManifest } from './serverJson';
import { isRecord } from '../json';

export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';
/** The official registry's own maximum page size. */
export const MAX_PAGE_SIZE = 100;
/** A page of 100 manifests is well under this; past it the answer is not a registry page. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
export const REGISTRY_TIMEOUT_MS = 15_000;
const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';
/** A bad entry's first problems say enough; a hostile one could have thousands. */
const MAX_PROBLEMS = 10;
/** A deprecation's reason is a sentence or two; the schema sets no bound, the panel does. */
const MAX_STATUS_MESSAGE = 500;

export type RegistryEntry =
  | { ok: true; manifest: ServerManifest; deprecated: boolean; isLatest: boolean; statusMessage?: string }
  | { ok: false; name: string; problems: string[] };

export interface RegistryPage {
  entries: RegistryEntry[];
  /** Pass back to `search` for the next page; absent on the last. */
  nextCursor?: string;
  /** Said when the registry sent more entries than asked for and the rest were dropped. */
  notice?: string;
}

/** The registry could not be reached or its answer could not be read; `message` says which. */
export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

export interface RegistryOptions {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The base URL with its trailing slash cut. @throws RegistryError unless https: (or http: to this computer). */
export function registryBase(input: string): string {
  const why = refusalReason(input.trim());
  if (why) throw new RegistryError(t('registry.client.addressRefused', { why }));
  const url = new URL(input.trim());
  if (url.search || url.hash) throw new RegistryError(t('registry.client.addressQuery'));
  return url.href.replace(/\/+$/, '');
}

function readEntry(raw: unknown, judge: UrlJudge): RegistryEntry | null {
  const server = isRecord(raw) ? raw.server : undefined;
  const meta = isRecord(raw) && isRecord(raw._meta) && isRecord(raw._meta[OFFICIAL_META]) ? raw._meta[OFFICIAL_META] : {};
  if (meta.status === 'deleted') return null;
  try {
    const entry: RegistryEntry = {
      ok: true,
      manifest: readServerJson(server, judge),
      deprecated: meta.status === 'deprecated',
      isLatest: meta.isLatest === true,
    };
    if (typeof meta.statusMessage === 'string' && meta.statusMessage) entry.statusMessage = meta.statusMessage.slice(0, MAX_STATUS_MESSAGE);
    return entry;
  } catch (error) {
    if (!(error instanceof ServerJsonError)) throw error;
    const name = isRecord(server) && typeof server.name === 'string' ? server.name.slice(0, 200) : t('registry.client.noName');
    return { ok: false, name, problems: error.problems.slice(0, MAX_PROBLEMS) };
  }
}

function readPage(body: string, limit: number, judge: UrlJudge): RegistryPage {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new RegistryError(t('registry.client.notJson'));
  }
  if (!isRecord(value) || !Array.isArray(value.servers)) {
    throw new RegistryError(t('registry.client.noServers'));
  }
  const page: RegistryPage = { entries: [] };
  const servers = value.servers.slice(0, limit);
  if (value.servers.length > limit) {
    page.notice = t('registry.client.pageTooLong', { count: String(value.servers.length), limit: String(limit) });
  }
  page.entries = servers.map((server) => readEntry(server, judge)).filter((entry): entry is RegistryEntry => entry !== null);
  const cursor = isRecord(value.metadata) ? value.metadata.nextCursor : undefined;
  if (typeof cursor === 'string' && cursor.length > 0 && cursor.length <= 1024) page.nextCursor = cursor;
  return page;
}

export interface RegistryClient {
  search(query: { search?: string; cursor?: string; limit?: number }): Promise<RegistryPage>;
  versions(serverName: string): Promise<RegistryPage>;
}

export function createRegistryClient(baseUrl: string, options: RegistryOptions): RegistryClient {
  const base = registryBase(baseUrl);
  const timeoutMs = options.timeoutMs ?? REGISTRY_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const get = async (path: string, limit: number): Promise<RegistryPage> => {
    let response: Response;
    try {
      // Called unbound: the worker's own fetch refuses any `this` but the global one ("Illegal invocation").
      const { fetch: request } = options;
      response = await request(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
        credentials: 'omit',
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new RegistryError(t('registry.client.noAnswer', { url: base, seconds: timeoutMs / 1000 }));
      }
      throw new RegistryError(t('registry.client.unreachable', { url: base, error: (error as Error).message }));
    }
    if (!response.ok) throw new RegistryError(t('registry.client.status', { url: base, status: String(response.status) }));
    const text = await readAtMost(response, maxBytes);
    if (text === null) throw new RegistryError(t('registry.client.tooLarge', { max: String(maxBytes) }));
    return readPage(text, limit, await urlJudge());
  };
  return {
    search({ search, cursor, limit = 30 }) {
      const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
      const params = new URLSearchParams({ limit: String(size), version: 'latest' });
      if (search?.trim()) params.set('search', search.trim());
      if (cursor) params.set('cursor', cursor);
      return get(`/v0.1/servers?${params}`, size);
    },
    versions(serverName) {
      return get(`/v0.1/servers/${encodeURIComponent(serverName)}/versions`, MAX_PAGE_SIZE);
    },
  };
}
