import type { Tool } from '@modelcontextprotocol/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { ToolCard } from '../../../../components/tools/ToolCard';
import { withActions } from '../withActions';

afterEach(cleanup);
// The form itself, not its placeholder: its code is loaded first.
beforeAll(() => SchemaForm.preload());

const URL_A = 'http://127.0.0.1:1/mcp';
const tool = (inputSchema: Tool['inputSchema'], extra: Partial<Tool> = {}): Tool => ({
  name: 'deploy',
  description: 'Deploys.',
  inputSchema,
  ...extra,
});
const toggle = () => screen.getByRole('button', { name: /deploy/, expanded: false });

describe('a tool in its list', () => {
  it('is a line until opened: its form is built only then', async () => {
    const { container } = render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: { target: { type: 'string' } } })} />,
      withActions(),
    );
    expect(container.querySelector('form')).toBeNull();
    expect(screen.getByText('Deploys.')).toBeTruthy();
    fireEvent.click(toggle());
    await vi.waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    expect(screen.getByLabelText(/target/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /deploy/, expanded: true })).toBeTruthy();
  });

  it('opened by keyboard (Enter), puts focus in its first field', async () => {
    render(<ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: { target: { type: 'string' } } })} />, withActions());
    // Enter on a button is a click with no mouse detail.
    fireEvent.click(toggle(), { detail: 0 });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/target/)));
  });

  it('runs a tool that takes no arguments at once from its line', () => {
    const callTool = vi.fn();
    render(<ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} })} />, withActions({ callTool }));
    fireEvent.click(screen.getByRole('button', { name: 'Run deploy' }));
    expect(callTool).toHaveBeenCalledWith('s1', 'deploy', {});
  });

  it('opens on Run when something must be typed, with focus there, and sends nothing yet', async () => {
    const callTool = vi.fn();
    const schema: Tool['inputSchema'] = { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] };
    render(<ToolCard serverId="s1" serverUrl={URL_A} tool={tool(schema)} />, withActions({ callTool }));
    fireEvent.click(screen.getByRole('button', { name: 'Run deploy' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/target/)));
    expect(callTool).not.toHaveBeenCalled();
  });

  it('runs with the defaults on Run when nothing must be typed: the form is built and sent', async () => {
    const callTool = vi.fn();
    const schema: Tool['inputSchema'] = { type: 'object', properties: { replicas: { type: 'integer', default: 2 } } };
    render(<ToolCard serverId="s1" serverUrl={URL_A} tool={tool(schema)} />, withActions({ callTool }));
    fireEvent.click(screen.getByRole('button', { name: 'Run deploy' }));
    await vi.waitFor(() => expect(callTool).toHaveBeenCalledWith('s1', 'deploy', { replicas: 2 }));
  });

  it('asks before running a tool marked destructive', () => {
    const callTool = vi.fn();
    render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} }, { annotations: { destructiveHint: true } })} />,
      withActions({ callTool }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run deploy' }));
    expect(callTool).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Run anyway' }));
    expect(callTool).toHaveBeenCalledWith('s1', 'deploy', {});
  });

  it('pins and unpins by its server’s URL', () => {
    const pinTool = vi.fn();
    const { rerender } = render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} })} />,
      withActions({ pinTool }),
    );
    const pin = screen.getByRole('button', { name: 'Pin deploy' });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pin);
    expect(pinTool).toHaveBeenLastCalledWith(URL_A, 'deploy', true);
    rerender(<ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} })} pinned />);
    fireEvent.click(screen.getByRole('button', { name: 'Pin deploy', pressed: true }));
    expect(pinTool).toHaveBeenLastCalledWith(URL_A, 'deploy', false);
  });

  it('highlights where the filter matched, in the name and the description', () => {
    const { container } = render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} })} terms={['ploy']} />,
      withActions(),
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['ploy', 'ploy']);
  });
});

describe('a hostile tool in its list', () => {
  it('shows a description of markdown and HTML as text, never as markup', () => {
    const description = '# Title <img src=x onerror=alert(1)> <script>alert(1)</script> [x](javascript:alert(1))';
    const { container } = render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={tool({ type: 'object', properties: {} }, { description })} />,
      withActions(),
    );
    fireEvent.click(toggle());
    expect(container.querySelector('img, script, a, h1')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('bounds a 10,000-character name in its line, its labels and its details, saying how much is left', () => {
    const name = `${'n'.repeat(9_991)}_the_end!`;
    const { container } = render(
      <ToolCard serverId="s1" serverUrl={URL_A} tool={{ ...tool({ type: 'object', properties: {} }), name }} />,
      withActions(),
    );
    const line = container.querySelector('.item-name')!;
    expect(line.textContent!.length).toBeLessThan(200);
    expect(line.textContent).toMatch(/9,900 more characters/);
    const run = screen.getByRole('button', { name: /^Run n+…$/ });
    expect(run.getAttribute('aria-label')!.length).toBeLessThan(130);
    fireEvent.click(container.querySelector('.item-toggle')!);
    expect(container.querySelector('.full-name')!.textContent!.length).toBeLessThan(2_100);
  });

  it('shows what makes a look-alike name different, and which names it looks like', () => {
    const { container } = render(
      <ToolCard
        serverId="s1"
        serverUrl={URL_A}
        tool={{ ...tool({ type: 'object', properties: {} }), name: 'de\u200Bploy' }}
        alike={['deploy', 'dеploy']}
      />,
      withActions(),
    );
    expect(container.querySelector('.item-name .hidden-char')?.textContent).toBe('U+200B');
    expect(container.querySelector('.lookalike-warning')?.textContent).toMatch(/looks like 2 other tools/);
    fireEvent.click(container.querySelector('.item-toggle')!);
    const note = screen.getByRole('note');
    expect(note.querySelector('.lookalike')?.getAttribute('title')).toBe('Cyrillic “е”, U+0435');
  });
});
