import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { ServerCard } from '../../../../components/servers/ServerCard';
import { openServers, revealServer } from '../../../../components/shared/groups';
import { now } from '../../../../components/shared/time';
import type { ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

afterEach(cleanup);
// Rendered, not its plain-text placeholder: the markdown code is loaded first.
beforeAll(() => MarkdownText.preload());

const server = (overrides: Partial<ServerView>): ServerView => ({
  id: 's1',
  url: 'https://mcp.example.com/mcp',
  enabled: true,
  displayName: 'Example',
  status: 'connected',
  protocolVersion: '2025-11-25',
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
  ...overrides,
});

describe('A server in the list', () => {
  beforeEach(() => (openServers.value = new Map()));

  it('is one line: name, origin, what it offers and its status; its details and buttons open from its name', () => {
    const tools = [{ name: 'a', inputSchema: { type: 'object' as const } }];
    const { container } = render(<ServerCard server={server({ tools })} />, withActions());
    expect(screen.getByRole('status').textContent).toBe('Connected');
    const line = screen.getByRole('button', { name: /Example/, expanded: false });
    expect(line.textContent).toContain('mcp.example.com');
    expect(container.querySelector('.server-counts')?.getAttribute('title')).toBe('1 tools, 0 resources, 0 prompts');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    fireEvent.click(line);
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    expect(container.textContent).toContain('https://mcp.example.com/mcp');
    expect(screen.getByRole('button', { name: /Example/, expanded: true })).toBeTruthy();
  });

  it('says a status other than connected in words, on its line', () => {
    render(<ServerCard server={server({ status: 'needs-authorization' })} />, withActions());
    expect(screen.getByRole('status').textContent).toBe('Needs sign-in');
  });

  it('whose authorization server did not answer says why, when it tries again by itself, and offers Try again now', () => {
    now.value = 1_000_000;
    const reconnect = vi.fn();
    const error = 'Example’s authorization server could not be reached. … toolnexus tries again by itself until it answers; Try again does it now.';
    const { container } = render(
      <ServerCard server={server({ status: 'needs-authorization', error, retryAt: 1_004_000 })} />,
      withActions({ reconnect }),
    );
    expect(container.querySelector('p.error')?.textContent).toContain(`${error} Retrying in 4 s.`);
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reconnect).toHaveBeenCalledWith('s1');
  });

  it('shows its details unasked while it needs the person (an error, access, a sign-in), until they close it', () => {
    render(<ServerCard server={server({ status: 'error', error: 'Nothing is listening there.' })} />, withActions());
    expect(screen.getByRole('alert').textContent).toContain('Nothing is listening there.');
    fireEvent.click(screen.getByRole('button', { name: /Example/, expanded: true }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens from elsewhere (a group’s Server details) and comes into view', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    revealServer('s1');
    render(<ServerCard server={server({})} />, withActions());
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    expect(scroll).toHaveBeenCalled();
  });
});

describe("A server's instructions on its card", () => {
  beforeEach(() => (openServers.value = new Map([['s1', true]])));

  it('are markdown without HTML, open when short', () => {
    const { container } = render(
      <ServerCard server={server({ instructions: 'Use **deploy** first. <img src=x onerror=alert(1)>' })} />,
      withActions(),
    );
    const details = container.querySelector('details.instructions') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(details.querySelector('strong')?.textContent).toBe('deploy');
    expect(details.querySelector('img')).toBeNull();
    // The tag is shown as the text it is, never made an element.
    expect(details.querySelector('[onerror]')).toBeNull();
    expect(details.textContent).toMatch(/<img src=x onerror=alert\(1\)>/);
  });

  it('start collapsed when long, behind "Instructions from the server"', () => {
    const { container } = render(<ServerCard server={server({ instructions: `# Manual\n\n${'Step. '.repeat(80)}` })} />, withActions());
    expect((container.querySelector('details.instructions') as HTMLDetailsElement).open).toBe(false);
    expect(screen.getByText('Instructions from the server')).toBeTruthy();
  });

  it('are not shown for a server that is not connected', () => {
    const { container } = render(<ServerCard server={server({ status: 'error', instructions: 'Hello' })} />, withActions());
    expect(container.querySelector('details.instructions')).toBeNull();
  });
});
