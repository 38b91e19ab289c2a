/**
 * The 403 seam: a fetch wrapper that answers `insufficient_scope` with a step-up sign-in and
 * sends the request again with the new token, a bounded number of times.
 */
import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import { tn } from '../i18n';
import { AuthorizationError } from './errors';
import { describeScopes } from './scopes';

export interface StepUpOptions {
  serverName: string;
  maxStepUps: number;
  /** Signs in again for what the refusal names (the caller asks for the union of scopes). */
  stepUp: (refusal: Response) => Promise<void>;
  /** The access token to retry with, once the step-up is done. */
  token: () => Promise<string | undefined>;
}

function isInsufficientScope(response: Response): boolean {
  return response.status === 403 && extractWWWAuthenticateParams(response).error === 'insufficient_scope';
}

export function withStepUp(base: FetchLike, options: StepUpOptions): FetchLike {
  return async (url, init) => {
    let response = await base(url, init);
    for (let stepUps = 0; isInsufficientScope(response); stepUps += 1) {
      const { scope } = extractWWWAuthenticateParams(response);
      await response.body?.cancel();
      if (stepUps >= options.maxStepUps) {
        throw new AuthorizationError(
          'insufficient-scope',
          tn('auth.clients.stillRefuses', options.maxStepUps, { server: options.serverName, scopes: describeScopes(scope) }),
        );
      }
      await options.stepUp(response);
      const headers = new Headers(init?.headers);
      const token = await options.token();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      response = await base(url, { ...init, headers });
    }
    return response;
  };
}
