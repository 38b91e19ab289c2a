/**
 * What the panel shows of the organisation's policy (issue 39): everything it locks or blocks
 * says "Set by your organisation" and names the rule; what it forbids is not offered at all.
 */
import { signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportFile } from '../../../../components/servers/ImportFile';
import { ProtocolLog } from '../../../../components/servers/ProtocolLog';
import { ManifestCard } from '../../../../components/servers/registry/ManifestCard';
import { RegistrySearch } from '../../../../components/servers/registry/RegistrySearch';
import { SiteDiscovery } from '../../../../components/servers/registry/SiteDiscovery';
import { ServerCard } from '../../../../components/servers/ServerCard';
import type { CurrentSite } from '../../../../components/shared/actions';
import { openServers } from '../../../../components/shared/groups';
import type { Verdict } from '../../../../lib/policy';
import type { ServerManifest } from '../../../../lib/registry/serverJson';
import type { ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

afterEach(cleanup);
beforeEach(() => (openServers.value = new Map()));

const refused = (rule: string, reason: string): Verdict => ({ allowed: false, rule, reason });
const server = (overrides: Partial<ServerView>): ServerView => ({
  id: 's1',
  url: 'https://crm.example.com/mcp',
  enabled: true,
  displayName: 'CRM',
  status: 'connected',
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
  ...overrides,
});

/** Opens the server's details from its line. */
function open(view: ServerView) {
  const rendered = render(<ServerCard server={view} />, withActions());
  fireEvent.click(screen.getByRole('button', { name: new RegExp(view.displayName), expanded: false }));
  return rendered;
}

describe('a server the policy blocks or manages', () => {
  it('says it is blocked in its line, and by which rule and why in its details', () => {
    const blocked = { rule: 'deniedMcpServers[0] serverUrl "https://crm.example.com/*"', reason: 'Your organisation blocks this server.' };
    open(server({ status: 'blocked', blocked }));
    expect(screen.getByRole('status').getAttribute('title')).toBe(`Blocked: ${blocked.rule}`);
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(`Set by your organisation ${blocked.rule} ${blocked.reason}`);
    // Its settings are still the person's: Edit and Remove stay.
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('cannot be removed when managed, and its address, name and the organisation’s headers are read-only; the person’s own are not', () => {
    const onUpdate = vi.fn();
    render(
      <ServerCard server={server({ name: 'CRM', managed: { name: 'CRM', headers: { 'X-Tenant': 'acme' } }, headers: { 'X-Mine': '1' } })} />,
      withActions({ updateServer: onUpdate }),
    );
    fireEvent.click(screen.getByRole('button', { name: /CRM/, expanded: false }));
    expect(screen.getByRole('note').textContent).toMatch(/^Set by your organisation managedMcpServers "CRM" Your organisation gives you this server/);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect((within(form).getByLabelText('Server URL') as HTMLInputElement).readOnly).toBe(true);
    expect((within(form).getByLabelText('Name') as HTMLInputElement).readOnly).toBe(true);
    const theirs = within(form).getByLabelText('Headers your organisation sets') as HTMLTextAreaElement;
    expect([theirs.readOnly, theirs.value]).toEqual([true, 'X-Tenant: acme']);
    expect((within(form).getByLabelText('Headers') as HTMLTextAreaElement).readOnly).toBe(false);
    expect((within(form).getByLabelText('OAuth client secret') as HTMLInputElement).readOnly).toBe(false);
  });
});

describe('features and finding servers', () => {
  it('offers no mcp.json import where it is turned off, and says why', () => {
    render(
      <ImportFile
        id="i"
        label="Import a file"
        imported={null}
        allowed={refused('mcpJsonImportEnabled false', 'Your organisation has turned off importing mcp.json files.')}
      />,
      withActions(),
    );
    expect(screen.queryByLabelText('Import a file')).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('mcpJsonImportEnabled false');
  });

  it('offers no export of a protocol log where saving it is turned off, and says why', () => {
    render(
      <ProtocolLog serverId="s1" serverName="CRM" exportAllowed={refused('protocolLogExportEnabled false', 'Off.')} />,
      withActions({ protocolLog: async () => [] }),
    );
    expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
    expect(screen.getByRole('note').textContent).toBe('Set by your organisation protocolLogExportEnabled false Off.');
  });

  it('searches only the organisation’s registry, its address not editable', () => {
    render(
      <RegistrySearch
        id="r"
        registryUrl="https://registry.modelcontextprotocol.io"
        lockedRegistry="https://registry.example.com"
        onOffer={() => {}}
      />,
      withActions(),
    );
    const address = screen.getByLabelText('Registry address') as HTMLInputElement;
    expect([address.value, address.readOnly]).toEqual(['https://registry.example.com', true]);
    expect(screen.getByRole('note').textContent).toContain('registryUrl');
  });

  it('offers no look at the site where it is turned off', () => {
    const currentSite = signal<CurrentSite>({ state: 'known', url: 'https://shop.example/', origin: 'https://shop.example' });
    render(<SiteDiscovery id="s" onOffer={() => {}} allowed={refused('siteDiscoveryEnabled false', 'Off.')} />, withActions({ currentSite }));
    expect(screen.queryByRole('button', { name: /Look for an MCP server/ })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('siteDiscoveryEnabled false');
  });

  it('offers no Add for a result the policy refuses, saying why; the others keep theirs', () => {
    const remote = (url: string, blocked?: { rule: string; reason: string }) => ({
      transport: 'streamable-http' as const,
      urlTemplate: url,
      origin: new URL(url).origin,
      variables: [],
      headers: [],
      warnings: [],
      ...(blocked && { blocked }),
    });
    const manifest: ServerManifest = {
      name: 'com.example/two',
      description: 'Two remotes.',
      version: '1.0.0',
      remotes: [remote('https://ok.example.com/mcp'), remote('https://no.example.org/mcp', { rule: 'allowedMcpServers', reason: 'Not listed.' })],
      skipped: [],
    };
    render(<ManifestCard manifest={manifest} from={{ kind: 'registry', from: 'https://registry.example.com' }} onOffer={() => {}} />, withActions());
    expect(screen.getAllByRole('button', { name: /^Add/ })).toHaveLength(1);
    expect(screen.getByRole('note').textContent).toBe('Set by your organisation allowedMcpServers Not listed.');
  });
});
