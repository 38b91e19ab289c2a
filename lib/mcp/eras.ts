/**
 * What each server was found to speak, remembered so the next connect can skip the
 * `server/discover` probe (SDK: `connect(transport, { prior })`, docs/advanced/gateway.md).
 * Under `auto` negotiation every connect to a 2025-11-25 server first sends `server/discover`
 * and gets a 400; remembered, it goes straight to `initialize`. A 2026-07-28 server's own
 * advertisement can be adopted outright, while its cache hints allow.
 *
 * Freshness is the host's job, and the two verdicts go stale differently. A stale modern one
 * fails loudly at the first request (the caller then negotiates afresh). A stale legacy one
 * never fails: an upgraded server still answers `initialize`, so only its age retires it.
 */
import type { DiscoverResult, PriorDiscovery } from '@modelcontextprotocol/client';

/** One server's verdict as stored between worker starts: what it advertised and when, no credential. */
export interface EraVerdict {
  /** Where it was learned: a server whose URL changed is asked again. */
  url: string;
  /** When it was learned (ms since the epoch). */
  at: number;
  era: 'legacy' | 'modern';
  /** The server's `server/discover` result, for a modern verdict. */
  discover?: DiscoverResult;
  /**
   * The authorization context a `cacheScope: "private"` result was given in (see
   * `authorizationContext` in lib/auth); it is not reused in another.
   */
  authorization?: string;
}

/** Verdicts by server id. */
export type EraVerdicts = Record<string, EraVerdict>;

/**
 * How long a verdict is believed. A day: a server upgraded to 2026-07-28 is spoken to in
 * 2025-11-25 for at most that long (it still serves that era in full, so nothing the person
 * uses breaks), while MV3 stops an idle worker after 30 s, so the probe this saves would be
 * paid on every one of the many cold starts of a working day. Reconnect asks again at once.
 */
export const ERA_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * The SDK types the caching fields of a result as unknown wire data; spec: absent or
 * negative `ttlMs` counts as 0.
 */
const freshFor = (discover: DiscoverResult) => (typeof discover.ttlMs === 'number' && discover.ttlMs > 0 ? discover.ttlMs : 0);

/**
 * What a successful connect learned, to remember for the next one; `undefined` when none of
 * it may be reused: a modern server whose advertisement is stale at once (SDK servers' are,
 * unless configured otherwise) has to be probed on every connect.
 */
export function eraVerdict(
  connection: { era: 'legacy' | 'modern'; discover: DiscoverResult | undefined },
  url: string,
  at: number,
  authorization: string,
): EraVerdict | undefined {
  if (connection.era === 'legacy') return { url, at, era: 'legacy' };
  const { discover } = connection;
  if (!discover || freshFor(discover) === 0) return undefined;
  return { url, at, era: 'modern', discover, ...(discover.cacheScope === 'public' ? {} : { authorization }) };
}

/**
 * The `prior` to connect with, or `undefined` to negotiate. A modern verdict is adopted only
 * while the server's own `ttlMs` says its advertisement is fresh (spec 2026-07-28
 * server/utilities/caching: fresh while `now < t_received + ttlMs`; `0`, the SDK server's
 * default, means "immediately stale"), and a private one only in the authorization context it
 * was given in ("a different access token requires a different cache").
 */
export function priorDiscovery(verdict: EraVerdict | undefined, url: string, now: number, authorization: string): PriorDiscovery | undefined {
  if (!verdict || verdict.url !== url) return undefined;
  const age = now - verdict.at;
  if (age < 0 || age >= ERA_HORIZON_MS) return undefined;
  if (verdict.era === 'legacy') return { kind: 'legacy' };
  const { discover } = verdict;
  if (!discover || age >= freshFor(discover)) return undefined;
  if (verdict.authorization !== undefined && verdict.authorization !== authorization) return undefined;
  return { kind: 'modern', discover };
}
