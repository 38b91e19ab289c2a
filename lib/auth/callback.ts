/**
 * The checks on the URL the browser came back to after a sign-in, before anything is
 * exchanged. Pure: the caller reads what the sign-in expects (state, issuer) and acts on the
 * verdict.
 */
import { IssuerMismatchError, validateAuthorizationResponseIssuer } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { AuthorizationError } from './errors';

export interface ExpectedCallback {
  /** The redirect URL the sign-in was started with. */
  redirectUrl: string;
  /** The `state` the sign-in sent; undefined when none is kept (the sign-in is not ours). */
  state: string | undefined;
  /** The authorization server's metadata, as discovered (`issuer`, RFC 9207 support). */
  metadata: { issuer?: string; authorization_response_iss_parameter_supported?: boolean } | undefined;
  serverName: string;
}

/**
 * `state` first: until it matches, nothing else in the URL is ours to trust (spec: Open
 * Redirection, "discard any results that do not include or have a mismatch with the original
 * state"). Then `iss` (RFC 9207 §2.4), before the error fields, which a mix-up attacker controls.
 * @throws AuthorizationError naming what was wrong.
 */
export function readCallback(landed: string, expected: ExpectedCallback): { code: string; iss: string | undefined } {
  const { serverName: name, metadata } = expected;
  const redirect = new URL(expected.redirectUrl);
  const callback = URL.canParse(landed) ? new URL(landed) : null;
  if (!callback || callback.origin !== redirect.origin || callback.pathname !== redirect.pathname) {
    throw new AuthorizationError('redirect-mismatch', t('auth.callback.redirectMismatch', { server: name }));
  }
  const params = callback.searchParams;
  if (!expected.state || params.get('state') !== expected.state) {
    throw new AuthorizationError('state-mismatch', t('auth.callback.stateMismatch', { server: name }));
  }
  const iss = params.get('iss') ?? undefined;
  try {
    validateAuthorizationResponseIssuer({
      iss,
      expectedIssuer: metadata?.issuer,
      issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true,
    });
  } catch (error) {
    if (!(error instanceof IssuerMismatchError)) throw error;
    throw new AuthorizationError(
      'issuer-mismatch',
      metadata?.issuer
        ? t('auth.callback.issuerMismatch', { server: name, issuer: metadata.issuer })
        : t('auth.callback.issuerMismatchUnnamed', { server: name }),
      { cause: error },
    );
  }
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    const said = `${JSON.stringify(error)}${description ? ` (${JSON.stringify(description)})` : ''}`;
    throw new AuthorizationError(
      'denied',
      metadata?.issuer
        ? t('auth.callback.denied', { issuer: metadata.issuer, server: name, error: said })
        : t('auth.callback.deniedUnnamed', { server: name, error: said }),
    );
  }
  const code = params.get('code');
  if (!code) throw new AuthorizationError('invalid-callback', t('auth.callback.noCode', { server: name }));
  return { code, iss };
}
