import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { ServerCard } from '../../../../components/servers/ServerCard';
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

describe("A server's instructions on its card", () => {
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
