/**
 * Which client a sign-in uses (spec 2026-07-28 basic/authorization/client-registration): what
 * toolnexus says of itself when it registers, the person's own client and the authorization
 * server it is bound to, and the words for an authorization server that leaves no way to get
 * one. Pure: the provider (lib/auth/provider.ts) reads and writes what they decide.
 */
import type { AuthorizationServerMetadata, OAuthClientMetadata, StoredOAuthClientInformation } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { AuthorizationError } from './errors';
import type { ServerRecord } from './record';

/**
 * A client registered with the server's authorization server out of band (spec: Client
 * Registration Approaches, option 1). Without `issuer` it is bound to the first
 * authorization server discovery finds, so give it when known: a secret is then never
 * offered to another one.
 */
export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  issuer?: string;
}

export function clientMetadataFor(redirectUrl: string, clientName: string): OAuthClientMetadata {
  return {
    client_name: clientName,
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // A browser extension cannot keep a secret: it is a public client (OAuth 2.1 §2.1).
    token_endpoint_auth_method: 'none',
    // Application Type (SEP-837): the redirect URL is a claimed https URL on a host that is
    // not this computer (https://<id>.chromiumapp.org/, Firefox's extensions.allizom.org),
    // which OpenID Connect Registration allows a `web` client only. The SDK derives the same
    // from the redirect URL; this says it is meant.
    application_type: 'web',
  };
}

/**
 * The person's client, for `issuer`: bound to the authorization server they named, or else to
 * the first one it was used with, and refused in words for any other rather than sent to it
 * (Authorization Server Binding, SEP-2352: "SHOULD surface an error rather than silently
 * attempting to use mismatched credentials").
 * @throws AuthorizationError `client-elsewhere`
 */
export function preRegisteredAt(serverName: string, client: PreRegisteredClient, record: ServerRecord, issuer: string): StoredOAuthClientInformation {
  const bound = client.issuer ?? (record.preRegistered?.clientId === client.clientId ? record.preRegistered.issuer : undefined);
  if (bound && bound !== issuer) {
    throw new AuthorizationError('client-elsewhere', t('auth.clients.elsewhere', { server: serverName, clientId: client.clientId, bound, issuer }));
  }
  return { client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}), issuer };
}

/**
 * With no client, a Client ID Metadata Document or Dynamic Client Registration gets one; when
 * the authorization server offers neither, the spec's last resort is to "prompt the user to
 * enter the client information": these words ask for it. `undefined` when a way is open.
 */
export function noRegistration(
  serverName: string,
  issuer: string,
  metadata: AuthorizationServerMetadata | undefined,
  clientMetadataUrl: string | undefined,
): AuthorizationError | undefined {
  if (!metadata || metadata.registration_endpoint) return undefined;
  const documents = metadata.client_id_metadata_document_supported === true;
  if (documents && clientMetadataUrl) return undefined;
  const said = { server: serverName, issuer };
  return new AuthorizationError(
    'no-registration',
    documents ? t('auth.clients.noRegistrationNoDocument', said) : t('auth.clients.noRegistration', said),
  );
}
