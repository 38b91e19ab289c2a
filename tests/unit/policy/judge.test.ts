/**
 * The one question every enforcement point asks, answered in the peers' order: a deny always
 * wins (managed servers included), then a managed server, then mcpAccess, then the allow list;
 * a policy that could not be read lets only its managed servers through. Each refusal names its
 * rule and says why.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PolicyJudge, type ServerFacts, readPolicy } from '../../../lib/policy';

const OFFICIAL = 'https://registry.modelcontextprotocol.io';
const judge = (raw: unknown) => new PolicyJudge(readPolicy(raw), OFFICIAL);
const server = (url: string, more: Partial<ServerFacts> = {}): ServerFacts => ({ url, ...more });

describe('judgeServer', () => {
  it('allows everything without a policy', () => {
    expect(judge({}).judgeServer(server('https://anything.test/mcp'))).toEqual({ allowed: true });
  });

  it('refuses a denied server even when an allow entry and the managed list name it', () => {
    const policy = judge({
      allowedMcpServers: [{ serverUrl: 'https://*.example.com/*' }],
      deniedMcpServers: [{ serverName: 'other' }, { serverUrl: 'https://crm.example.com/*' }],
      managedMcpServers: [{ name: 'CRM', url: 'https://crm.example.com/mcp' }],
    });
    expect(policy.judgeServer(server('https://crm.example.com/mcp', { managed: 'CRM' }))).toEqual({
      allowed: false,
      rule: 'deniedMcpServers[1] serverUrl "https://crm.example.com/*"',
      reason: 'Your organisation blocks this server.',
    });
    expect(policy.judgeServer(server('https://docs.example.com/mcp')).allowed).toBe(true);
  });

  it('lets a deny win over any allow, for generated lists (property)', () => {
    const host = fc.constantFrom('a.example.com', 'b.example.com', 'example.com', 'c.test');
    const rule = fc.oneof(
      host.map((name) => ({ serverUrl: `https://${name}/*` })),
      fc.constant({ serverUrl: 'https://*.example.com/*' }),
      fc.constant({ serverUrl: '*://*' }),
      fc.constantFrom('A', 'B').map((serverName) => ({ serverName })),
    );
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        fc.array(rule, { minLength: 1, maxLength: 6 }),
        host,
        fc.constantFrom('A', 'B', undefined),
        (allow, deny, at, name) => {
          const policy = judge({ allowedMcpServers: allow, deniedMcpServers: deny });
          const facts = server(`https://${at}/mcp`, { name });
          const denyOnly = judge({ deniedMcpServers: deny }).judgeServer(facts);
          // Whatever the allow list says, a server the deny list refuses stays refused.
          if (!denyOnly.allowed) expect(policy.judgeServer(facts)).toEqual(denyOnly);
        },
      ),
    );
  });

  it('reports the first matching deny entry by its place in the policy, among 10,000', () => {
    const denied = Array.from({ length: 10_000 }, (_, index) => ({ serverUrl: `https://s${index}.example.com/*` }));
    denied.push({ serverUrl: 'https://*.example.com/*' });
    const policy = judge({ deniedMcpServers: denied });
    expect(policy.judgeServer(server('https://s9999.example.com/mcp'))).toMatchObject({ rule: expect.stringMatching(/^deniedMcpServers\[9999\]/) });
    expect(policy.judgeServer(server('https://other.example.com/mcp'))).toMatchObject({ rule: expect.stringMatching(/^deniedMcpServers\[10000\]/) });
    expect(policy.judgeServer(server('https://example.com/mcp')).allowed).toBe(true);
  });

  it('lets managed servers through mcpAccess "none" and an empty allow list, at their own address only', () => {
    const policy = judge({ mcpAccess: 'none', allowedMcpServers: [], managedMcpServers: [{ name: 'CRM', url: 'https://crm.example.com/mcp' }] });
    expect(policy.judgeServer(server('https://CRM.example.com./mcp', { managed: 'CRM' })).allowed).toBe(true);
    expect(policy.judgeServer(server('https://crm.example.com/other', { managed: 'CRM' }))).toMatchObject({ rule: 'mcpAccess "none"' });
    expect(policy.judgeServer(server('https://crm.example.com/mcp'))).toMatchObject({
      rule: 'mcpAccess "none"',
      reason: 'Your organisation allows no MCP servers but the ones it manages.',
    });
  });

  it('with registry access, allows only servers found in its registry', () => {
    const policy = judge({ mcpAccess: 'registry', registryUrl: 'https://registry.example.com' });
    expect(policy.judgeServer(server('https://a.test/mcp', { registry: 'https://REGISTRY.example.com/' })).allowed).toBe(true);
    expect(policy.judgeServer(server('https://a.test/mcp', { registry: OFFICIAL }))).toMatchObject({
      rule: 'mcpAccess "registry"',
      reason: expect.stringContaining('https://registry.example.com'),
    });
    expect(judge({ registryOnly: true }).judgeServer(server('https://a.test/mcp'))).toMatchObject({ rule: 'registryOnly true' });
    expect(judge({ registryOnly: true }).judgeServer(server('https://a.test/mcp', { registry: OFFICIAL })).allowed).toBe(true);
  });

  it('checks the allow list last, by address and by name', () => {
    const policy = judge({ allowedMcpServers: [{ serverUrl: 'https://mcp.example.com/*' }, { serverName: 'Deploys' }] });
    expect(policy.judgeServer(server('https://mcp.example.com/v1')).allowed).toBe(true);
    expect(policy.judgeServer(server('https://x.test/mcp', { name: 'Deploys' })).allowed).toBe(true);
    expect(policy.judgeServer(server('https://x.test/mcp', { name: 'deploys' }))).toMatchObject({ rule: 'allowedMcpServers' });
  });

  it('refuses every server but the managed ones while the policy cannot be read, saying why', () => {
    const policy = judge({ mcpAccess: 'some', managedMcpServers: [{ name: 'CRM', url: 'https://crm.example.com/mcp' }] });
    expect(policy.judgeServer(server('https://crm.example.com/mcp', { managed: 'CRM' })).allowed).toBe(true);
    expect(policy.judgeServer(server('https://mcp.example.com/mcp'))).toEqual({
      allowed: false,
      rule: 'the policy',
      reason: expect.stringContaining('mcpAccess is "some"'),
    });
  });
});

describe('the other questions', () => {
  it('says whether a feature is on, and turns every feature off in a policy that cannot be read', () => {
    const policy = judge({ mcpAppsEnabled: false });
    expect(policy.judgeFeature('mcpApps')).toEqual({
      allowed: false,
      rule: 'mcpAppsEnabled false',
      reason: 'Your organisation has turned off MCP Apps (interfaces servers show in the panel).',
    });
    expect(policy.judgeFeature('siteDiscovery').allowed).toBe(true);
    expect(judge({ x: 1 }).judgeFeature('siteDiscovery')).toMatchObject({ rule: 'the policy' });
  });

  it('lets the person search only the registry the policy names', () => {
    const policy = judge({ registryUrl: 'https://registry.example.com' });
    expect(policy.judgeRegistry('https://registry.example.com/').allowed).toBe(true);
    expect(policy.judgeRegistry(OFFICIAL)).toMatchObject({ rule: 'registryUrl' });
    expect(policy.registry).toBe('https://registry.example.com');
    expect(judge({}).judgeRegistry('https://any.test').allowed).toBe(true);
  });

  it('allows sign-ins only at the listed authorization servers, and none with an empty list', () => {
    const policy = judge({ allowedAuthorizationServers: ['https://login.example.com', 'https://*.okta.com/*'] });
    expect(policy.judgeAuthorizationServer('https://login.example.com/').allowed).toBe(true);
    expect(policy.judgeAuthorizationServer('https://acme.okta.com/oauth2/default').allowed).toBe(true);
    expect(policy.judgeAuthorizationServer('https://evil.test/okta.com')).toMatchObject({ rule: 'allowedAuthorizationServers' });
    expect(judge({ allowedAuthorizationServers: [] }).judgeAuthorizationServer('https://login.example.com').allowed).toBe(false);
    expect(judge({}).judgeAuthorizationServer('https://anywhere.test').allowed).toBe(true);
  });

  it('lets a server send the person only to the listed hosts', () => {
    const policy = judge({ allowedUrlElicitationHosts: ['docs.example.com', '*.example.org'] });
    expect(policy.judgeUrlHost('https://DOCS.example.com./page').allowed).toBe(true);
    expect(policy.judgeUrlHost('https://a.example.org/x').allowed).toBe(true);
    expect(policy.judgeUrlHost('https://example.org/x')).toEqual({
      allowed: false,
      rule: 'allowedUrlElicitationHosts',
      reason: 'Your organisation does not allow servers to send you to example.org.',
    });
  });
});
