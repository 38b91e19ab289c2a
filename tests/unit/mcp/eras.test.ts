import type { DiscoverResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ERA_HORIZON_MS, eraVerdict, priorDiscovery } from '../../../lib/mcp/eras';

const URL_A = 'https://mcp.example.com/mcp';
const AT = 1_700_000_000_000;
const HOUR = 3_600_000;

const advertisement = (fields: Partial<DiscoverResult> = {}): DiscoverResult => ({
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  ttlMs: HOUR,
  cacheScope: 'private',
  ...fields,
});

describe('eraVerdict', () => {
  it('remembers a legacy server as legacy, with where and when', () => {
    expect(eraVerdict({ era: 'legacy', discover: undefined }, URL_A, AT, '')).toEqual({ url: URL_A, at: AT, era: 'legacy' });
  });

  it('ties a private advertisement to its authorization context, and a public one to none', () => {
    const privateOne = eraVerdict({ era: 'modern', discover: advertisement() }, URL_A, AT, 'https://as.example 42');
    expect(privateOne).toMatchObject({ era: 'modern', authorization: 'https://as.example 42' });
    const publicOne = eraVerdict({ era: 'modern', discover: advertisement({ cacheScope: 'public' }) }, URL_A, AT, 'https://as.example 42');
    expect(publicOne).not.toHaveProperty('authorization');
  });

  it('remembers nothing of an advertisement that is stale at once (ttlMs 0, absent or negative)', () => {
    for (const ttlMs of [0, undefined, -5]) {
      expect(eraVerdict({ era: 'modern', discover: advertisement({ ttlMs }) }, URL_A, AT, '')).toBeUndefined();
    }
  });
});

describe('priorDiscovery', () => {
  const legacy = { url: URL_A, at: AT, era: 'legacy' as const };
  const modern = eraVerdict({ era: 'modern', discover: advertisement() }, URL_A, AT, '')!;

  it('skips the probe for a legacy server until the horizon, then negotiates', () => {
    expect(priorDiscovery(legacy, URL_A, AT + ERA_HORIZON_MS - 1, '')).toEqual({ kind: 'legacy' });
    expect(priorDiscovery(legacy, URL_A, AT + ERA_HORIZON_MS, '')).toBeUndefined();
  });

  it('adopts an advertisement only while its ttlMs says it is fresh', () => {
    expect(priorDiscovery(modern, URL_A, AT + HOUR - 1, '')).toEqual({ kind: 'modern', discover: advertisement() });
    expect(priorDiscovery(modern, URL_A, AT + HOUR, '')).toBeUndefined();
  });

  it('caps a long ttlMs at the horizon', () => {
    const longLived = eraVerdict({ era: 'modern', discover: advertisement({ ttlMs: 30 * ERA_HORIZON_MS }) }, URL_A, AT, '')!;
    expect(priorDiscovery(longLived, URL_A, AT + ERA_HORIZON_MS, '')).toBeUndefined();
  });

  it('does not reuse a private advertisement in another authorization context', () => {
    const signedIn = eraVerdict({ era: 'modern', discover: advertisement() }, URL_A, AT, 'https://as.example 42')!;
    expect(priorDiscovery(signedIn, URL_A, AT + 1, 'https://as.example 42')).toMatchObject({ kind: 'modern' });
    expect(priorDiscovery(signedIn, URL_A, AT + 1, 'https://as.example 99')).toBeUndefined();
    expect(priorDiscovery(signedIn, URL_A, AT + 1, '')).toBeUndefined();
    const shared = eraVerdict({ era: 'modern', discover: advertisement({ cacheScope: 'public' }) }, URL_A, AT, '')!;
    expect(priorDiscovery(shared, URL_A, AT + 1, 'https://as.example 99')).toMatchObject({ kind: 'modern' });
  });

  it('negotiates when there is no verdict, it was learned at another URL, or its time is in the future', () => {
    expect(priorDiscovery(undefined, URL_A, AT, '')).toBeUndefined();
    expect(priorDiscovery(legacy, 'https://other.example.com/mcp', AT + 1, '')).toBeUndefined();
    expect(priorDiscovery(legacy, URL_A, AT - 1, '')).toBeUndefined();
  });
});
