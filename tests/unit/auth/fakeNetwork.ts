/**
 * An MCP server's OAuth surroundings as a fetch function: protected resource metadata,
 * authorization server metadata, registration, token and revocation endpoints. It records
 * every request so tests can assert what was (and was not) sent. No sockets.
 */
import type { FetchLike } from '@modelcontextprotocol/client';

export const MCP_URL = 'https://mcp.example.com/mcp';
export const ISSUER = 'https://auth.example.com';
export const REDIRECT_URL = 'https://extension-id.chromiumapp.org/';

export interface FakeCall {
  method: string;
  url: string;
  body: URLSearchParams;
}

export interface FakeNetworkOptions {
  /** Overrides merged into the authorization server metadata (`undefined` values delete a field). */
  metadata?: Record<string, unknown>;
  scope?: string;
  /** Answers a request in place of the fake server, when it returns a response. */
  override?: (url: URL, init: RequestInit | undefined) => Response | undefined;
}

export function fakeNetwork(options: FakeNetworkOptions = {}) {
  const calls: FakeCall[] = [];
  let issued = 0;
  const metadata: Record<string, unknown> = {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    registration_endpoint: `${ISSUER}/register`,
    revocation_endpoint: `${ISSUER}/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    authorization_response_iss_parameter_supported: true,
  };
  for (const [name, value] of Object.entries(options.metadata ?? {})) {
    if (value === undefined) delete metadata[name];
    else metadata[name] = value;
  }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    const body = new URLSearchParams(typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body : '');
    calls.push({ method: init?.method ?? 'GET', url: url.href, body });
    const overridden = options.override?.(url, init);
    if (overridden) return overridden;
    switch (`${url.origin}${url.pathname}`) {
      case 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp':
        return json({ resource: MCP_URL, authorization_servers: [ISSUER], scopes_supported: [options.scope ?? 'files:read'] });
      case `${ISSUER}/.well-known/oauth-authorization-server`:
        return json(metadata);
      case `${ISSUER}/register`:
        return json({ ...(JSON.parse(String(init?.body)) as object), client_id: 'registered-client' }, 201);
      case `${ISSUER}/token`:
        issued += 1;
        return json({
          access_token: `access-secret-${issued}`,
          refresh_token: `refresh-secret-${issued}`,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: body.get('scope') ?? options.scope ?? 'files:read',
        });
      case `${ISSUER}/revoke`:
        return new Response(null, { status: 200 });
      default:
        return new Response('not found', { status: 404 });
    }
  };

  return {
    fetch,
    calls,
    /** Requests to one endpoint, by path. */
    to: (path: string) => calls.filter((call) => new URL(call.url).pathname === path),
  };
}
