/**
 * Reading what the browser hands over: a policy that does not match the schema is refused whole
 * with every problem said, and nothing is guessed (fail closed). Firefox hands policies.json's
 * section over unchecked, so every key given the wrong type has to end in words.
 */
import { describe, expect, it } from 'vitest';
import { POLICY_KEYS, readPolicy } from '../../../lib/policy';

const problems = (raw: unknown) => {
  const reading = readPolicy(raw);
  return reading.state === 'refused' ? reading.problems : [];
};

describe('readPolicy', () => {
  it('takes an empty object for no policy', () => {
    expect(readPolicy({})).toEqual({ state: 'none' });
  });

  it('reads a policy that uses every key', () => {
    const reading = readPolicy({
      mcpAccess: 'registry',
      registryOnly: false,
      registryUrl: 'https://Registry.Example.com/',
      allowedMcpServers: [{ serverUrl: 'https://*.example.com/*' }, { serverName: 'Deploys' }, { serverCommand: ['npx', 'x'] }],
      deniedMcpServers: [{ serverUrl: 'https://bad.example.com/*' }],
      managedMcpServers: [{ name: 'CRM', url: 'https://crm.example.com/mcp', headers: { 'X-Tenant': 'acme' }, oauthClientId: 'abc' }],
      mcpAppsEnabled: false,
      mcpJsonImportEnabled: true,
      siteDiscoveryEnabled: false,
      protocolLogExportEnabled: true,
      allowedAuthorizationServers: ['https://login.example.com'],
      allowedUrlElicitationHosts: ['docs.example.com', '*.example.com'],
    });
    expect(reading.state).toBe('applied');
    if (reading.state !== 'applied') return;
    const { policy } = reading;
    expect(policy).toMatchObject({
      mcpAccess: 'registry',
      registryUrl: 'https://registry.example.com',
      features: { mcpApps: false, mcpJsonImport: true, siteDiscovery: false, protocolLogExport: true },
      managed: [{ name: 'CRM', url: 'https://crm.example.com/mcp', headers: { 'X-Tenant': 'acme' }, oauthClientId: 'abc' }],
    });
    // Claude Code's serverCommand entry is read and matches nothing: two rules, not three.
    expect(policy.allowed?.map((rule) => rule.label)).toEqual([
      'allowedMcpServers[0] serverUrl "https://*.example.com/*"',
      'allowedMcpServers[1] serverName "Deploys"',
    ]);
    expect(policy.urlHosts?.map((host) => host.text)).toEqual(['docs.example.com', '*.example.com']);
  });

  it('takes registryOnly as mcpAccess "registry", the stricter of the two winning', () => {
    const access = (raw: object) => {
      const reading = readPolicy(raw);
      return reading.state === 'applied' ? [reading.policy.mcpAccess, reading.policy.accessRule] : reading.state;
    };
    expect(access({ registryOnly: true })).toEqual(['registry', 'registryOnly true']);
    expect(access({ registryOnly: true, mcpAccess: 'all' })).toEqual(['registry', 'registryOnly true']);
    expect(access({ registryOnly: true, mcpAccess: 'none' })).toEqual(['none', 'mcpAccess "none"']);
  });

  it('reads an empty allow list as "no server" and an absent one as "no list" (Claude Code)', () => {
    const empty = readPolicy({ allowedMcpServers: [] });
    const absent = readPolicy({ mcpAccess: 'all' });
    expect(empty.state === 'applied' && empty.policy.allowed).toEqual([]);
    expect(absent.state === 'applied' && absent.policy.allowed).toBeUndefined();
  });

  it.each([
    [{ mcpAccess: 'everyone' }, /mcpAccess is "everyone"; it must be one of "none", "registry", "all"/],
    [{ mcpAcess: 'none' }, /"mcpAcess" is not a key toolnexus knows \(a typo\?\)/],
    [{ allowedMcpServers: [{}] }, /allowedMcpServers\[0\] names neither a serverUrl nor a serverName/],
    [{ deniedMcpServers: [{ serverUrl: 'https://a.test/*', serverName: 'a' }] }, /names both/],
    [{ deniedMcpServers: [{ serverUrl: '*' }] }, /only a wildcard/],
    [{ allowedMcpServers: [{ serverName: '*' }] }, /names are matched exactly/],
    [{ allowedMcpServers: [{ serverUrl: 'not a pattern' }] }, /not an address pattern/],
    [{ allowedMcpServers: [{ serverUrl: 'https://a.test/*', tenant: 'x' }] }, /has "tenant"/],
    [
      { managedMcpServers: [{ name: 'x', url: 'javascript:alert(1)' }] },
      /"javascript:alert\(1\)" cannot be a server's address: it is not an http: or https: address/,
    ],
    [{ managedMcpServers: [{ name: 'x', url: 'http://crm.example.com/mcp' }] }, /plain http: to crm.example.com, another computer/],
    [
      {
        managedMcpServers: [
          { name: 'x', url: 'https://a.test/' },
          { name: 'x', url: 'https://b.test/' },
        ],
      },
      /already named "x"/,
    ],
    [{ managedMcpServers: [{ name: 'x', url: 'https://a.test/', headers: { 'Bad Name': 'v' } }] }, /is not a header name/],
    [{ managedMcpServers: [{ url: 'https://a.test/' }] }, /managedMcpServers\[0\]\.name must be a string/],
    [{ registryUrl: 'http://registry.example.com' }, /registryUrl "http:\/\/registry.example.com" cannot be a registry's address/],
    [{ registryUrl: 'https://registry.example.com/?x=1' }, /\?query or #fragment/],
    [{ allowedUrlElicitationHosts: ['*'] }, /only a wildcard/],
    [{ allowedAuthorizationServers: ['login.example.com'] }, /not an address pattern/],
  ])('refuses %j, saying so', (raw, why) => {
    expect(problems(raw).join('\n')).toMatch(why);
  });

  it('says every key given the wrong type, by name', () => {
    const wrong = { string: 5, boolean: 'yes', list: { not: 'a list' } } as const;
    const kinds: Record<(typeof POLICY_KEYS)[number], keyof typeof wrong> = {
      mcpAccess: 'string',
      registryOnly: 'boolean',
      registryUrl: 'string',
      allowedMcpServers: 'list',
      deniedMcpServers: 'list',
      managedMcpServers: 'list',
      mcpAppsEnabled: 'boolean',
      mcpJsonImportEnabled: 'boolean',
      siteDiscoveryEnabled: 'boolean',
      protocolLogExportEnabled: 'boolean',
      allowedAuthorizationServers: 'list',
      allowedUrlElicitationHosts: 'list',
    };
    for (const key of POLICY_KEYS) {
      const said = problems({ [key]: wrong[kinds[key]] });
      expect(said, key).toHaveLength(1);
      expect(said[0], key).toMatch(new RegExp(`^${key}`));
    }
  });

  it('refuses what is not an object at all', () => {
    for (const raw of [null, 'mcpAccess=none', 42, ['mcpAccess']]) expect(problems(raw)[0]).toMatch(/^The policy is .*, not an object of keys\.$/);
  });

  it('refuses a broken policy whole: only its valid managed servers and denials hold, every feature off', () => {
    const reading = readPolicy({
      mcpAccess: 'all',
      deniedMcpServers: [{ serverUrl: 'https://bad.test/*' }],
      managedMcpServers: [
        { name: 'CRM', url: 'https://crm.example.com/mcp' },
        { name: 'Bad', url: 'javascript:void 0' },
      ],
      siteDiscoveryEnabled: 'no',
    });
    expect(reading.state).toBe('refused');
    if (reading.state !== 'refused') return;
    expect(reading.policy.mcpAccess).toBe('none');
    expect(reading.policy.allowed).toEqual([]);
    expect(reading.policy.managed.map((server) => server.name)).toEqual(['CRM']);
    expect(reading.policy.denied).toHaveLength(1);
    expect(Object.values(reading.policy.features)).toEqual([false, false, false, false]);
  });

  it('reads 10,000 entries, and says the first 50 of 10,000 problems with a count of the rest', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ serverUrl: `https://s${index}.example.com/*` }));
    const reading = readPolicy({ allowedMcpServers: many, deniedMcpServers: many.map(() => ({})) });
    expect(reading.state).toBe('refused');
    if (reading.state !== 'refused') return;
    expect(reading.policy.denied).toHaveLength(0);
    expect(reading.problems).toHaveLength(51);
    expect(reading.problems.at(-1)).toBe('…and 9,950 more problems.');
  });
});
