import { signal } from '@preact/signals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteDiscovery } from '../../../../../components/servers/registry/SiteDiscovery';
import type { CurrentSite } from '../../../../../components/shared/actions';
import type { SiteDiscovery as Found } from '../../../../../lib/discovery';
import { readServerJson } from '../../../../../lib/registry/serverJson';
import { urlJudge } from '../../../../../lib/urls';
import { withActions } from '../../withActions';

afterEach(cleanup);

const site = (state: CurrentSite) => signal<CurrentSite>(state);
const shop = site({ state: 'known', url: 'https://shop.example/cart', origin: 'https://shop.example' });

const judge = await urlJudge();
const card = (name: string, url: string) =>
  readServerJson(
    { name, title: `${name} title`, description: `About ${name}.`, version: '1.0.0', remotes: [{ type: 'streamable-http', url }] },
    judge,
  );

const found: Found = {
  site: 'https://shop.example',
  offers: [
    {
      manifest: card('example.shop/orders', 'https://mcp.shop.example/mcp'),
      from: 'https://shop.example',
      cardUrl: 'https://shop.example/mcp/server-card',
      warnings: [],
    },
    {
      manifest: card('com.github/github', 'https://mcp.partner.example/mcp'),
      from: 'https://cards.partner.example',
      cardUrl: 'https://cards.partner.example/server-card',
      warnings: ['Its card calls it com.github/github, a name of github.com, but the card came from cards.partner.example.'],
    },
  ],
  problems: ['The card at https://192.168.1.1/server-card is not read: 192.168.1.1 is on a private network.'],
};

describe('Looking for an MCP server on the current tab’s site', () => {
  it('names the site on its button and looks only when clicked', () => {
    const lookAtSite = vi.fn(() => new Promise<Found>(() => {}));
    render(<SiteDiscovery id="t" onOffer={vi.fn()} />, withActions({ currentSite: shop, lookAtSite }));
    const button = screen.getByRole('button', { name: 'Look for an MCP server on shop.example' });
    expect(lookAtSite).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(lookAtSite).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Reading what shop.example publishes…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each card with the origin it really came from, and hands a remote to the Add form with the card’s warnings', async () => {
    const onOffer = vi.fn();
    render(<SiteDiscovery id="t" onOffer={onOffer} />, withActions({ currentSite: shop, lookAtSite: () => Promise.resolve(found) }));
    fireEvent.click(screen.getByRole('button', { name: /^Look for/ }));
    const list = await screen.findByRole('list', { name: 'MCP servers on https://shop.example' });
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('2 MCP servers found on \u2066https://shop.example\u2069:');
    const items = list.querySelectorAll(':scope > li');
    expect(items[0]!.textContent).toContain('Card from https://shop.example');
    expect(items[0]!.textContent).not.toContain('listed by');
    expect(items[1]!.textContent).toContain('Card from https://cards.partner.example, listed by https://shop.example');
    expect(items[1]!.textContent).toContain('⚠ Its card calls it com.github/github');
    fireEvent.click(screen.getByRole('button', { name: /^Add com\.github\/github title/ }));
    const [offer, source] = onOffer.mock.calls[0]!;
    expect(source).toMatchObject({ kind: 'site', name: 'com.github/github', from: 'https://cards.partner.example' });
    expect(offer.warnings[0]).toContain('a name of github.com');
    expect(screen.getByText('What was left out (1)')).toBeTruthy();
  });

  it('says so when the site offers nothing, with what it found open', async () => {
    const nothing: Found = { site: 'https://shop.example', offers: [], problems: ['https://shop.example publishes no MCP server.'] };
    render(<SiteDiscovery id="t" onOffer={vi.fn()} />, withActions({ currentSite: shop, lookAtSite: () => Promise.resolve(nothing) }));
    fireEvent.click(screen.getByRole('button', { name: /^Look for/ }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('No MCP server found on https://shop.example.'));
    expect(document.querySelector('details.site-problems')?.hasAttribute('open')).toBe(true);
  });

  it('when the browser hides the tab’s address, says how to let toolnexus see it, and looks at nothing', () => {
    const lookAtSite = vi.fn();
    render(<SiteDiscovery id="t" onOffer={vi.fn()} />, withActions({ currentSite: site({ state: 'hidden' }), lookAtSite }));
    fireEvent.click(screen.getByRole('button', { name: 'Look for an MCP server on this tab’s site' }));
    expect(screen.getByRole('alert').textContent).toContain('click toolnexus’s button in the toolbar while on that page');
    expect(lookAtSite).not.toHaveBeenCalled();
  });
});
