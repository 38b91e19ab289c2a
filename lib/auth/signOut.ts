/**
 * Signing out of a server: forget its tokens here first (so the person is signed out even
 * if the authorization server is unreachable), then ask the authorization server to revoke
 * them (RFC 7009) when it offers a `revocation_endpoint`, so a copied token stops working.
 */
import {
  assertSecureTokenEndpoint,
  discoverAuthorizationServerMetadata,
  selectClientAuthMethod,
  type AuthorizationServerMetadata,
  type FetchLike,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { AuthServer } from './provider';
import { readRecord, storageKeys } from './record';
import type { AuthStorage } from './storage';
import { errorMessage } from '../errorMessage';
import { t } from '../i18n';
import { guardedFetch } from './guardedFetch';
import { TraceRecorder, type TraceAttempt } from './trace';
import { tracedFetch } from './traceFetch';

export interface SignOutOptions {
  storage: AuthStorage;
  server: AuthServer;
  fetch?: FetchLike;
  /** Handed the sign-out as an attempt of the server's sign-in trace, written to as it goes. */
  trace?: (attempt: TraceAttempt) => void;
}

export interface SignOutResult {
  /** Whether every forgotten token was also revoked at its authorization server. */
  revoked: boolean;
  message: string;
}

async function metadataFor(
  issuer: string,
  storage: AuthStorage,
  serverId: string,
  fetchFn: FetchLike,
): Promise<AuthorizationServerMetadata | undefined> {
  const discovery = (await storage.session.get(storageKeys(serverId).discovery)) as OAuthDiscoveryState | undefined;
  const cached = discovery?.authorizationServerMetadata;
  if (cached?.issuer === issuer) return cached;
  try {
    return await discoverAuthorizationServerMetadata(issuer, { fetchFn });
  } catch {
    return undefined;
  }
}

interface Revocation {
  endpoint: string;
  authMethods: string[];
}

/** RFC 8414 §2 fields; OpenID discovery documents carry them too, though the SDK's OIDC type omits them. */
function revocationOf(metadata: AuthorizationServerMetadata | undefined): Revocation | null {
  if (!metadata || !('revocation_endpoint' in metadata) || typeof metadata.revocation_endpoint !== 'string') return null;
  return {
    endpoint: metadata.revocation_endpoint,
    authMethods: metadata.revocation_endpoint_auth_methods_supported ?? metadata.token_endpoint_auth_methods_supported ?? [],
  };
}

/** RFC 7009 §2.1: the client authenticates as it does at the token endpoint; a public client sends its id. */
function revocationRequest(token: string, hint: string, client: StoredOAuthClientInformation | undefined, revocation: Revocation) {
  const body = new URLSearchParams({ token, token_type_hint: hint });
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
  if (client) {
    const method = selectClientAuthMethod(client, revocation.authMethods);
    if (method === 'client_secret_basic' && client.client_secret) {
      headers.set('Authorization', `Basic ${btoa(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`)}`);
    } else {
      body.set('client_id', client.client_id);
      if (method === 'client_secret_post' && client.client_secret) body.set('client_secret', client.client_secret);
    }
  }
  return { method: 'POST', headers, body };
}

async function revoke(
  tokens: StoredOAuthTokens,
  client: StoredOAuthClientInformation | undefined,
  metadata: AuthorizationServerMetadata | undefined,
  fetchFn: FetchLike,
): Promise<'revoked' | 'unsupported' | string> {
  const revocation = revocationOf(metadata);
  if (!revocation) return 'unsupported';
  try {
    // Tokens only travel over https (or to this computer), as at the token endpoint.
    const endpoint = assertSecureTokenEndpoint(revocation.endpoint);
    // The refresh token first: revoking it ends the grant, so no new access token can be minted meanwhile.
    const candidates: Array<[string | undefined, string]> = [
      [tokens.refresh_token, 'refresh_token'],
      [tokens.access_token, 'access_token'],
    ];
    for (const [token, hint] of candidates) {
      if (!token) continue;
      const response = await fetchFn(endpoint, revocationRequest(token, hint, client, revocation));
      await response.body?.cancel();
      if (!response.ok) return `HTTP ${response.status}`;
    }
    return 'revoked';
  } catch (error) {
    return errorMessage(error);
  }
}

/** What a sign-out ended in, in words, from each issuer's revocation outcome. */
function outcomeOf(serverName: string, outcomes: string[]): SignOutResult {
  if (outcomes.every((outcome) => outcome === 'revoked')) {
    return { revoked: true, message: t('auth.signOut.revoked', { server: serverName }) };
  }
  if (outcomes.includes('unsupported')) {
    return {
      revoked: false,
      message: t('auth.signOut.noRevocation', { server: serverName }),
    };
  }
  const failure = outcomes.find((outcome) => outcome !== 'revoked');
  return {
    revoked: false,
    message: t('auth.signOut.revokeFailed', { server: serverName, failure: failure ?? '' }),
  };
}

/** Forgets `server`'s tokens and revokes them where the authorization server allows. */
export async function signOut({ storage, server, fetch: network = (url, init) => fetch(url, init), trace }: SignOutOptions): Promise<SignOutResult> {
  const recorder = new TraceRecorder(t('auth.signOut.chose'));
  trace?.(recorder.attempt);
  const fetchFn = tracedFetch(
    guardedFetch(network),
    () => recorder,
    () => undefined,
  );
  const keys = storageKeys(server.id);
  const record = await readRecord(storage, server.id);
  const held = Object.entries(record.tokens);
  await storage.local.set(keys.record, { ...record, tokens: {} });
  await storage.session.remove(keys.verifier);
  await storage.session.remove(keys.state);
  recorder.step(
    'sign-out',
    'ok',
    held.length === 0
      ? t('auth.signOut.notSignedIn', { server: server.name })
      : t('auth.signOut.forgot', { issuers: held.map(([issuer]) => issuer).join(', ') }),
  );
  if (held.length === 0) {
    recorder.end('signed-out');
    return { revoked: true, message: t('auth.signOut.notSignedIn', { server: server.name }) };
  }
  const outcomes: string[] = [];
  for (const [issuer, { tokens }] of held) {
    const metadata = await metadataFor(issuer, storage, server.id, fetchFn);
    const outcome = await revoke(tokens, record.clients[issuer], metadata, fetchFn);
    if (outcome === 'unsupported') {
      recorder.step('revocation', 'info', t('auth.signOut.issuerNoRevocation', { issuer }));
    }
    outcomes.push(outcome);
  }
  await storage.session.remove(keys.discovery);
  const result = outcomeOf(server.name, outcomes);
  recorder.end('signed-out');
  return result;
}
