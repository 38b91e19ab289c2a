/**
 * The part of a sign-in that needs the person: the consent card, the sign-in window, the
 * checks on where it came back (lib/auth/callback.ts), and the code exchange. Each is a step
 * of the attempt's trace. After the window has opened, any failure pauses asking, so
 * reconnects do not put card after card in front of the person: Sign in asks again.
 */
import { auth, type FetchLike } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { nextRequestId, type Answer, type Request } from '../request';
import { refusalOf } from '../urls';
import { readCallback } from './callback';
import { AuthorizationError } from './errors';
import type { StoredOAuthProvider } from './provider';
import { describeScopes } from './scopes';
import { authorizationRequestStep, callbackStep, consentStep, refusedCallbackStep } from './signInSteps';
import type { TraceRecorder } from './trace';

/** Puts a Request of kind `authorization` in front of the person (in the extension, `inbox.ask`). */
export type Consent = (request: Request) => Promise<Answer>;

/**
 * Opens the authorization URL where the client cannot read the page and resolves with the
 * URL the browser was finally sent to under the redirect URL (in the extension,
 * `browser.identity.launchWebAuthFlow({ url, interactive: true })`).
 */
export type Authorize = (authorizationUrl: URL) => Promise<string>;

export interface Interaction {
  provider: StoredOAuthProvider;
  consent: Consent;
  authorize: Authorize;
  redirectUrl: string;
  oauthFetch: FetchLike;
  /** Runs `work` while the person is being waited for (callers pause their clocks). */
  withPerson<T>(work: () => Promise<T>): Promise<T>;
}

function authorizationRequest(provider: StoredOAuthProvider, issuer: string, url: URL): Request {
  return {
    id: nextRequestId(),
    kind: 'authorization',
    prompt: t('auth.consent.prompt', { server: provider.server.name, issuer, scopes: describeScopes(url.searchParams.get('scope')) }),
    url: url.href,
    data: null,
  };
}

/** The consent card, then the window; resolves with where the window came back to. */
async function askAndOpen(interaction: Interaction, trace: TraceRecorder, issuer: string, url: URL): Promise<string> {
  const { provider, consent, authorize } = interaction;
  const name = provider.server.name;
  const asked = consentStep(trace, issuer, url);
  const answer = await consent(authorizationRequest(provider, issuer, url));
  if (!answer.ok) {
    await provider.pauseAsking(true);
    asked.outcome = 'failed';
    const error =
      answer.reason === 'declined'
        ? new AuthorizationError('declined', t('auth.consent.declined', { server: name }))
        : new AuthorizationError('cancelled', t('auth.consent.notAnswered', { server: name, reason: answer.reason ?? 'cancelled' }));
    asked.summary = `${asked.summary} ${error.message}`;
    throw error;
  }
  asked.outcome = 'ok';
  asked.summary = `${asked.summary} ${t('auth.consent.choseOpen')}`;
  authorizationRequestStep(trace, url);
  const request = trace.last('authorization-request')!;
  try {
    const landed = await authorize(url);
    request.outcome = 'ok';
    request.summary = t('auth.consent.cameBack', { host: url.host });
    return landed;
  } catch (error) {
    await provider.pauseAsking(true);
    request.outcome = 'failed';
    request.summary = t('auth.consent.windowClosed', { server: name });
    throw new AuthorizationError('cancelled', request.summary, { cause: error });
  }
}

/**
 * Asks the person, opens the URL, checks where it came back and exchanges the code; throws
 * before any exchange on a bad callback. Resolves with the scope that was asked for.
 */
export async function signInWithPerson(
  interaction: Interaction,
  trace: TraceRecorder,
  resourceMetadataUrl: URL | undefined,
): Promise<string | undefined> {
  const { provider } = interaction;
  const { server } = provider;
  const url = provider.takeAuthorizationUrl();
  if (!url) throw new Error(`The SDK asked to sign in to ${server.name} without producing an authorization URL.`);
  try {
    // After a no, a reconnect or a ping must not put another card in front of the person:
    // only `signIn()` asks again. Silent refreshes never get here, so they go on.
    if (await provider.askingPaused()) {
      throw new AuthorizationError('needs-authorization', t('auth.consent.paused', { server: server.name }));
    }
    const refused = refusalOf(url.href);
    if (refused) throw new AuthorizationError('unsafe-url', refused);
    const metadata = (await provider.discoveryState())?.authorizationServerMetadata;
    const issuer = metadata?.issuer ?? url.origin;
    const landed = await interaction.withPerson(() => askAndOpen(interaction, trace, issuer, url));
    try {
      const expected = { redirectUrl: interaction.redirectUrl, state: await provider.expectedState(), metadata, serverName: server.name };
      let callback: ReturnType<typeof readCallback>;
      try {
        callback = readCallback(landed, expected);
      } catch (error) {
        const mixUp = error instanceof AuthorizationError && error.code === 'issuer-mismatch';
        refusedCallbackStep(trace, landed, error instanceof Error ? error.message : String(error), mixUp);
        throw error;
      }
      callbackStep(trace, landed, {
        iss: callback.iss,
        issuer: metadata?.issuer,
        issPromised: metadata?.authorization_response_iss_parameter_supported === true,
      });
      const result = await auth(provider, {
        serverUrl: server.url,
        resourceMetadataUrl,
        authorizationCode: callback.code,
        iss: callback.iss,
        fetchFn: interaction.oauthFetch,
      });
      if (result !== 'AUTHORIZED') throw new Error(t('auth.callback.exchangeEnded', { server: server.name, result }));
      return url.searchParams.get('scope') ?? undefined;
    } catch (error) {
      await provider.pauseAsking(true);
      throw error;
    }
  } finally {
    // A verifier or state outliving its sign-in could only ever serve a replay.
    await provider.endSignIn();
  }
}
