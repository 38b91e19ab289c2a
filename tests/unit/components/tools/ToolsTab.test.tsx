import type { Tool } from '@modelcontextprotocol/client';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { findQuery } from '../../../../components/shared/find';
import { collapsedGroups, groupKey } from '../../../../components/shared/groups';
import { ToolsTab, type ToolsTabProps } from '../../../../components/tools/ToolsTab';
import type { CallView, ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

const tool = (name: string, description = `Does ${name}.`): Tool => ({ name, description, inputSchema: { type: 'object', properties: {} } });
const server = (id: string, tools: Tool[], overrides: Partial<ServerView> = {}): ServerView => ({
  id,
  url: `http://127.0.0.1:${id.length}0${id.charCodeAt(0)}/mcp`,
  enabled: true,
  displayName: `Server ${id}`,
  status: 'connected',
  tools,
  resources: [],
  resourceTemplates: [],
  prompts: [],
  ...overrides,
});

const A = server('a', [tool('list_issues'), tool('create_issue'), tool('list_pulls')]);
const B = server('b', [tool('deploy', 'Ships the issue fix.'), tool('status')]);

function renderTab(props: Partial<ToolsTabProps> = {}, actions = {}) {
  return render(<ToolsTab servers={[A, B]} savedCalls={[]} pinnedTools={[]} activities={[]} {...props} />, withActions(actions));
}
const type = (text: string) => act(() => void (findQuery.value = text));
const group = (name: string) => screen.getByRole('region', { name: `Tools of ${name}` });
const rows = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('article')
    .map((row) => row.getAttribute('aria-label'));

/** Counts renders of the components named `name` (Preact's hook before a component renders; bench/render-count.ts reads the same). */
function countRenders(name: string): { count: number; stop: () => void } {
  const hooks = options as unknown as { __r?: (vnode: { type: unknown }) => void };
  const before = hooks.__r;
  const counter = { count: 0, stop: () => void (hooks.__r = before) };
  hooks.__r = (vnode) => {
    if ((vnode.type as { name?: string }).name === name) counter.count += 1;
    before?.(vnode);
  };
  return counter;
}

beforeEach(() => {
  findQuery.value = '';
  collapsedGroups.value = new Set();
});
afterEach(cleanup);
beforeAll(() => SchemaForm.preload());

describe('the Tools tab’s filter', () => {
  it('keeps every server’s tools in a group of its own, with its count, and says how many in all', () => {
    renderTab();
    expect(rows(group('Server a'))).toEqual(['Tool list_issues', 'Tool create_issue', 'Tool list_pulls']);
    expect(group('Server b').querySelector('h2 .count')?.textContent).toBe('2');
    expect(screen.getByRole('status').textContent).toBe('5 tools');
  });

  it('narrows every group as the person types, by name or description, says how many of how many, and highlights', () => {
    renderTab();
    type('issue');
    expect(rows(group('Server a'))).toEqual(['Tool list_issues', 'Tool create_issue']);
    expect(rows(group('Server b'))).toEqual(['Tool deploy']);
    expect(screen.getByRole('status').textContent).toBe('3 of 5 tools');
    expect(group('Server a').querySelector('h2 .count')?.textContent).toBe('2 of 3');
    expect([...group('Server b').querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['issue']);
    type('issue list');
    expect(rows(group('Server a'))).toEqual(['Tool list_issues']);
    expect(screen.queryByRole('region', { name: 'Tools of Server b' })).toBeNull();
  });

  it('says when nothing matches, and Clear brings the whole list back', () => {
    renderTab();
    type('nothing like it');
    expect(document.querySelector('.empty')?.textContent).toMatch(/^No tool matches “nothing like it”\./);
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(findQuery.value).toBe('');
    expect(rows(group('Server a'))).toHaveLength(3);
  });

  it('goes into the list on ↓, along it on ↓ and ↑, and back to the filter on ↑ from the first and on Escape', () => {
    renderTab();
    const filter = screen.getByRole('searchbox');
    filter.focus();
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    const first = document.activeElement as HTMLElement;
    expect(first.closest('article')?.getAttribute('aria-label')).toBe('Tool list_issues');
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.closest('article')?.getAttribute('aria-label')).toBe('Tool create_issue');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(filter);
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(filter);
    fireEvent.input(filter, { target: { value: 'deploy' } });
    expect(findQuery.value).toBe('deploy');
    fireEvent.keyDown(filter, { key: 'Escape' });
    expect(findQuery.value).toBe('');
  });

  it('answers a keystroke over 5,000 tools with the count of all, drawing only the rows on screen: the others stand as a gap', () => {
    const many = server(
      'm',
      Array.from({ length: 5_000 }, (_, index) => tool(`tool_${index}`)),
    );
    renderTab({ servers: [many] });
    const drawn = rows(group('Server m')).length;
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(30);
    // A page of 100 at a time: what is not drawn of it is one gap of about its height.
    const gap = () => group('Server m').querySelector<HTMLElement>('.row-gap')!;
    const perRow = Number.parseFloat(gap().style.height) / (100 - drawn);
    expect(perRow).toBeGreaterThan(30);
    type('tool_1');
    expect(screen.getByRole('status').textContent).toBe('1,111 of 5,000 tools');
    expect(rows(group('Server m'))).toHaveLength(drawn);
    expect(group('Server m').querySelectorAll('article:first-of-type mark').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more tools' }));
    expect(rows(group('Server m'))).toHaveLength(drawn);
    expect(Number.parseFloat(gap().style.height)).toBeCloseTo((200 - drawn) * perRow);
  });

  it('steps with ↓ into the rows not drawn yet, drawing the next and putting focus on it', async () => {
    renderTab({
      servers: [
        server(
          'm',
          Array.from({ length: 300 }, (_, index) => tool(`tool_${index}`)),
        ),
      ],
    });
    const drawn = rows(group('Server m'));
    const last = within(group('Server m'))
      .getByRole('article', { name: drawn.at(-1)! })
      .querySelector<HTMLElement>('.item-toggle')!;
    last.focus();
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    const next = `Tool tool_${drawn.length}`;
    await vi.waitFor(() => expect(document.activeElement?.closest('article')?.getAttribute('aria-label')).toBe(next));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(last);
  });

  it('renders again only the rows whose highlights a keystroke moved', () => {
    const renders = countRenders('ToolCard');
    renderTab();
    type('issue');
    const before = renders.count;
    // "iss" is inside every "issue": the same marks, no row drawn again.
    type('issue iss');
    expect(renders.count).toBe(before);
    type('issue fix');
    expect(renders.count).toBe(before + 1);
    renders.stop();
  });
});

describe('groups', () => {
  it('fold from their heading, remembered by server URL; while filtering, every match shows', () => {
    renderTab();
    fireEvent.click(within(group('Server a')).getByRole('button', { name: /Server a/, expanded: true }));
    expect(collapsedGroups.value.has(groupKey('tools', A.url))).toBe(true);
    expect(rows(group('Server a'))).toEqual([]);
    type('list');
    expect(rows(group('Server a'))).toEqual(['Tool list_issues', 'Tool list_pulls']);
    type('');
    expect(rows(group('Server a'))).toEqual([]);
  });

  it('keep their heading’s element when a filter starts, and draw it again only when its count moves', () => {
    renderTab();
    const heading = within(group('Server a')).getByRole('button', { name: /Server a/ });
    const renders = countRenders('GroupHeading');
    // Bench 12: starting a filter built every group's heading again (a fold button became a plain heading).
    type('issue');
    expect(within(group('Server a')).getByRole('button', { name: /Server a/ })).toBe(heading);
    expect(heading.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(heading);
    expect(collapsedGroups.value.size).toBe(0);
    const started = renders.count;
    // "issue i" matches what "issue" did in both groups: no count moves, no heading is drawn again.
    type('issue i');
    expect(renders.count).toBe(started);
    renders.stop();
    type('');
    expect(heading.hasAttribute('aria-disabled')).toBe(false);
  });

  it('of a server in trouble say what is wrong, with the way to fix it', () => {
    const signIn = vi.fn();
    const reconnect = vi.fn();
    const locked = server('c', [], { status: 'needs-authorization', error: 'This server needs you to sign in.' });
    const broken = server('d', [], { status: 'error', error: 'Nothing answered at 127.0.0.1:9.' });
    renderTab({ servers: [locked, broken] }, { signIn, reconnect });
    expect(group('Server c').textContent).toContain('Needs sign-in');
    expect(group('Server c').textContent).toContain('This server needs you to sign in.');
    fireEvent.click(within(group('Server c')).getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('c');
    fireEvent.click(within(group('Server d')).getByRole('button', { name: 'Reconnect' }));
    expect(reconnect).toHaveBeenCalledWith('d');
    expect(within(group('Server d')).getByRole('button', { name: 'Server details' })).toBeTruthy();
  });

  it('unfold, and the filter clears, for arguments put in a tool’s form (Edit arguments, Load)', async () => {
    collapsedGroups.value = new Set([groupKey('tools', B.url)]);
    findQuery.value = 'list';
    const args = { owner: 'ada' };
    const withArgs = { ...B, tools: [{ ...tool('deploy'), inputSchema: { type: 'object' as const, properties: { owner: { type: 'string' } } } }] };
    renderTab({ servers: [A, withArgs], draft: { serverId: 'b', tool: 'deploy', args, nonce: 1 } });
    await vi.waitFor(() => expect(findQuery.value).toBe(''));
    expect(collapsedGroups.value.size).toBe(0);
    await vi.waitFor(() => expect((screen.getByLabelText(/owner/) as HTMLInputElement).value).toBe('ada'));
  });

  it('mark tools whose names look alike', () => {
    renderTab({ servers: [server('e', [tool('deploy'), tool('dеploy'), tool('status')])] });
    expect(group('Server e').querySelectorAll('.lookalike-warning')).toHaveLength(2);
  });
});

describe('pinned tools and recent calls', () => {
  it('show on top: each pin a full row named with its server, a pin away with Unpin', () => {
    const pinTool = vi.fn();
    renderTab(
      {
        pinnedTools: [
          { serverUrl: B.url, tool: 'deploy', pinnedAt: 1 },
          { serverUrl: 'https://gone.example/mcp', tool: 'old', pinnedAt: 2 },
        ],
      },
      { pinTool },
    );
    const pinned = screen.getByRole('region', { name: 'Pinned tools' });
    expect(rows(pinned)).toEqual(['Tool deploy']);
    expect(pinned.textContent).toContain('Server b');
    fireEvent.click(within(pinned).getByRole('button', { name: 'Unpin old' }));
    expect(pinTool).toHaveBeenCalledWith('https://gone.example/mcp', 'old', false);
    expect(within(group('Server b')).getByRole('button', { name: 'Pin deploy', pressed: true })).toBeTruthy();
    type('deploy');
    expect(screen.queryByRole('region', { name: 'Pinned tools' })).toBeNull();
  });

  const call = (id: string, serverId: string, name: string, args: Record<string, unknown>, appOf?: string): CallView => ({
    id,
    kind: 'tool',
    serverId,
    tool: name,
    args,
    startedAt: 1,
    status: 'done',
    ...(appOf ? { appOf } : {}),
  });

  it('list the latest call of each tool, newest first, to open with its arguments or run again', () => {
    const editArguments = vi.fn();
    renderTab(
      {
        activities: [
          call('4', 'b', 'deploy', { env: 'prod' }),
          call('3', 'a', 'list_issues', {}, 'app-call'),
          call('2', 'b', 'deploy', { env: 'staging' }),
          call('1', 'a', 'list_pulls', { state: 'open' }),
        ],
      },
      { editArguments },
    );
    const recent = screen.getByRole('region', { name: 'Recent calls' });
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.recent-tool')?.textContent),
    ).toEqual(['deploy', 'list_pulls']);
    expect(recent.textContent).toContain('{"env":"prod"}');
    fireEvent.click(within(recent).getByRole('button', { name: 'list_pulls' }));
    expect(editArguments).toHaveBeenCalledWith('a', 'list_pulls', { state: 'open' });
  });

  it("keep a tool's row, and the focus on its Run again, when that tool is called again", () => {
    const first = call('1', 'a', 'list_issues', { text: 'first' });
    const { rerender } = renderTab({ activities: [first] });
    const again = screen.getByRole('button', { name: 'Run again: list_issues, with the same arguments' });
    again.focus();
    rerender(<ToolsTab servers={[A, B]} savedCalls={[]} pinnedTools={[]} activities={[call('2', 'a', 'list_issues', { text: 'second' }), first]} />);
    const recent = screen.getByRole('region', { name: 'Recent calls' });
    expect(recent.textContent).toContain('{"text":"second"}');
    expect(document.activeElement).toBe(again);
  });
});
