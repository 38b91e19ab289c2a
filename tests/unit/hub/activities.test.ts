import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Activities, interrupted, KEEP_AFTER_MS, KEPT_BOUNDS, SHOW_RUNNING_AFTER_MS, type ActivitiesOptions } from '../../../lib/hub/activities';
import type { Connection, InputRound } from '../../../lib/mcp/connection';
import { PANEL_BOUNDS } from '../../../lib/panelBounds';
import type { ActivityView, CallView } from '../../../lib/state';
import { isolated } from '../../../lib/i18n';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const round: InputRound = { method: 'tools/call', params: {}, round: 1, inputRequests: {}, requestIds: { a: 'r1' } };
const activity = (id: string, status: ActivityView['status']): ActivityView => ({
  id,
  kind: 'tool',
  tool: 't',
  args: {},
  serverId: 's1',
  startedAt: 0,
  status,
});

function activities(options: Partial<ActivitiesOptions> = {}) {
  let next = 0;
  const connection = {} as Connection;
  const settings: ActivitiesOptions = {
    keep: 50,
    newId: () => `a${(next += 1)}`,
    connection: () => connection,
    displayName: () => 'Deploys',
    onRound: vi.fn(),
    onTask: vi.fn(),
    failed: vi.fn(),
    changed: vi.fn(),
    ...options,
  };
  return { subject: new Activities(settings), settings, connection };
}

const tool = { kind: 'tool', tool: 'deploy', args: { to: 'prod' } } as const;

describe('the activity list', () => {
  it('shows a call running, then done with its result', async () => {
    const { subject, connection } = activities();
    let finish!: (result: CallToolResult) => void;
    const send = vi.fn(() => new Promise<CallToolResult>((resolve) => (finish = resolve)));
    const ended = subject.run<CallView>(tool, 's1', send);
    expect(subject.list()).toEqual([expect.objectContaining({ id: 'a1', tool: 'deploy', status: 'running' })]);
    expect(subject.running()).toBe(true);
    expect(send).toHaveBeenCalledWith(connection, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    finish(text('shipped'));
    await expect(ended).resolves.toMatchObject({ status: 'done', result: text('shipped'), endedAt: expect.any(Number) });
    expect(subject.running()).toBe(false);
  });

  it('fails at once, naming the server, when it is not connected; that is no lost connection', async () => {
    const failed = vi.fn();
    const { subject } = activities({ connection: () => undefined, failed });
    const send = vi.fn();
    await expect(subject.run(tool, 's1', send)).resolves.toMatchObject({ status: 'failed', error: `${isolated('Deploys')} is not connected.` });
    expect(send).not.toHaveBeenCalled();
    expect(failed).not.toHaveBeenCalled();
  });

  it('tells whoever watches the connection when a request on it fails', async () => {
    const failed = vi.fn();
    const { subject } = activities({ failed });
    const error = new TypeError('fetch failed');
    await expect(subject.run(tool, 's1', () => Promise.reject(error))).resolves.toMatchObject({ status: 'failed', error: 'fetch failed' });
    expect(failed).toHaveBeenCalledWith('s1', error);
  });

  it('shows a cancelled call as cancelled', async () => {
    const { subject } = activities();
    const ended = subject.run(
      tool,
      's1',
      (_connection, { signal }) =>
        new Promise<CallToolResult>((_resolve, reject) => signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    subject.cancel('a1');
    await expect(ended).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('shows progress while running and drops it at the end', async () => {
    const { subject } = activities();
    let finish!: () => void;
    const ended = subject.run(tool, 's1', (_connection, { onprogress }) => {
      onprogress!({ progress: 1, total: 2 });
      return new Promise<CallToolResult>((resolve) => (finish = () => resolve(text('ok'))));
    });
    expect(subject.find('a1')?.progress).toEqual({ progress: 1, total: 2 });
    finish();
    expect(await ended).not.toHaveProperty('progress', expect.anything());
  });

  it('cuts a result to the panel’s bounds and says so', async () => {
    const { subject } = activities();
    const ended = await subject.run(tool, 's1', async () => text('x'.repeat(PANEL_BOUNDS.maxString + 1)));
    expect(ended.cuts).toEqual([expect.stringContaining('texts longer than')]);
  });

  it('passes on the round a call waits in, and that it waits no more once it ends', async () => {
    const onRound = vi.fn();
    const { subject } = activities({ onRound });
    await subject.run(tool, 's1', async (_connection, options) => {
      options.onRound!(round);
      return text('ok');
    });
    expect(onRound.mock.calls).toEqual([
      ['a1', round],
      ['a1', undefined],
    ]);
  });

  it('clears what finished, never what runs', async () => {
    const { subject } = activities();
    await subject.run(tool, 's1', async () => text('done'));
    void subject.run(tool, 's1', () => new Promise<CallToolResult>(() => {}));
    subject.clear();
    expect(subject.list().map((item) => [item.id, item.status])).toEqual([['a2', 'running']]);
  });

  it('puts a stopped worker’s calls back ahead of its own, and runs one again in its place', async () => {
    const { subject } = activities();
    await subject.run(tool, 's1', async () => text('mine'));
    const kept = { ...activity('old', 'running'), startedAt: Date.now() + 1 };
    subject.restore([], [kept]);
    expect(subject.list().map((item) => item.id)).toEqual(['old', 'a1']);
    await subject.execute(kept, async () => text('carried on'));
    expect(subject.list().map((item) => [item.id, item.status])).toEqual([
      ['old', 'done'],
      ['a1', 'done'],
    ]);
  });
});

describe('the bound on results, as the list applies it', () => {
  it('counts what it dropped until Clear, and keeps a result whose app runs', async () => {
    const running = new Set<string>();
    const { subject } = activities({ keep: 2, live: (id) => running.has(id) });
    // The bound applies as each activity ends.
    for (let index = 0; index < 4; index += 1) await subject.run(tool, 's1', async () => text(String(index)));
    expect(subject.list().map((item) => item.id)).toEqual(['a4', 'a3']);
    expect(subject.dropped()).toBe(2);
    running.add('a3');
    await subject.run(tool, 's1', async () => text('more'));
    await subject.run(tool, 's1', async () => text('more'));
    expect(subject.list().map((item) => item.id)).toEqual(['a6', 'a5', 'a3']);
    expect(subject.dropped()).toBe(3);
    subject.clear();
    expect(subject.dropped()).toBe(0);
  });

  it('shows every call of a burst while it runs, and keeps no more than the bound once they end, however they end', async () => {
    const { subject } = activities({ keep: 50 });
    for (let index = 0; index < 50; index += 1) await subject.run(tool, 's1', async () => text(String(index)));
    const finish: Array<() => void> = [];
    const burst = Array.from({ length: 40 }, () =>
      subject.run(tool, 's1', () => new Promise<CallToolResult>((resolve) => finish.push(() => resolve(text('burst'))))),
    );
    expect(subject.list()).toHaveLength(90);
    expect(subject.dropped()).toBe(0);
    // The oldest of the burst ends last: ended, it is the oldest result, dropped at once, and its caller still has it.
    for (const end of finish.slice(1)) end();
    await Promise.all(burst.slice(1));
    expect(subject.list().filter((item) => item.status === 'running')).toHaveLength(1);
    expect(subject.list().filter((item) => item.status === 'done')).toHaveLength(50);
    finish[0]!();
    await expect(burst[0]).resolves.toMatchObject({ status: 'done', result: text('burst') });
    expect(subject.list()).toHaveLength(50);
    expect(subject.list().every((item) => item.status === 'done' && item.result !== undefined)).toBe(true);
    expect(subject.dropped()).toBe(40);
  });
});

describe('a removed server’s results', () => {
  it('leave the list, its requests still running stopped; other servers’ stay, and nothing counts as dropped by the bound', async () => {
    const { subject } = activities();
    await subject.run(tool, 's1', async () => text('one'));
    await subject.run(tool, 's2', async () => text('other'));
    const running = subject.run(
      tool,
      's1',
      (_connection, { signal }) =>
        new Promise<CallToolResult>((_resolve, reject) => signal!.addEventListener('abort', () => reject(new Error('stopped')))),
    );
    subject.dropServer('s1');
    expect(subject.list().map((item) => item.serverId)).toEqual(['s2']);
    await expect(running).resolves.toMatchObject({ status: 'cancelled' });
    expect(subject.list().map((item) => item.serverId)).toEqual(['s2']);
    expect(subject.dropped()).toBe(0);
    expect(subject.running()).toBe(false);
  });
});

describe('what a stopped worker’s successor finds', () => {
  afterEach(() => vi.useRealTimers());

  const store = (left: ActivityView[] = []) => {
    const saved: ActivityView[][] = [];
    return { saved, kept: { load: async () => left, save: async (value: ActivityView[]) => void saved.push(value) } };
  };

  it('writes nothing before the last worker’s list is read, then every change but progress, after the task', async () => {
    const { saved, kept } = store();
    const { subject } = activities({ kept });
    await subject.run(tool, 's1', async () => text('before'));
    expect(saved).toEqual([]);
    subject.restore(await subject.load());
    await vi.waitFor(() => expect(saved.at(-1)?.map((item) => item.status)).toEqual(['done']));
    let report!: () => void;
    let finish!: () => void;
    const running = subject.run(tool, 's1', (_connection, options) => {
      report = () => options.onprogress!({ progress: 1, total: 2 });
      return new Promise<CallToolResult>((resolve) => (finish = () => resolve(text('after'))));
    });
    await vi.waitFor(() => expect(saved.at(-1)!.map((item) => item.status)).toEqual(['running', 'done']));
    const writes = saved.length;
    report();
    expect(subject.list()[0]!.progress).toEqual({ progress: 1, total: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved.length).toBe(writes);
    finish();
    await running;
    await vi.waitFor(() => expect(saved.at(-1)!.map((item) => item.status)).toEqual(['done', 'done']));
    expect(saved.at(-1)![0]).not.toHaveProperty('progress');
  });

  it(`keeps the ends of a burst of calls in one write ${KEEP_AFTER_MS} ms after the first, done; a call shown running at once`, async () => {
    vi.useFakeTimers();
    const { saved, kept } = store();
    const { subject } = activities({ kept });
    const statuses = () => saved.map((list) => list.map((item) => item.status));
    subject.restore([]);
    await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS);
    saved.length = 0;
    await subject.run(tool, 's1', async () => text('fast'));
    await subject.run(tool, 's1', async () => text('fast again'));
    await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS - 1);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses()).toEqual([['done', 'done']]);
    saved.length = 0;
    let finish!: () => void;
    const slow = subject.run(tool, 's1', () => new Promise<CallToolResult>((resolve) => (finish = () => resolve(text('slow')))));
    await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS - 1);
    expect(saved).toEqual([]);
    // Shown at SHOW_RUNNING_AFTER_MS, kept after that task (a fake timer's 0 ms is 1): a successor carries it on or reports it.
    await vi.advanceTimersByTimeAsync(2);
    expect(statuses()).toEqual([['running', 'done', 'done']]);
    finish();
    await slow;
    await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS - 1);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved.at(-1)!.map((item) => item.status)).toEqual(['done', 'done', 'done']);
  });

  it('hands back what the last worker kept as the very values it read, so unchanged ones are not written again', async () => {
    const done = { ...activity('done', 'done'), startedAt: 2 };
    const cutOff = { ...activity('cut-off', 'running'), startedAt: 1 };
    const { saved, kept } = store([done, cutOff]);
    const { subject } = activities({ kept });
    subject.restore(await subject.load());
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]![0]).toBe(done);
    expect(saved[0]![1]).not.toBe(cutOff);
    expect(saved[0]![1]).toMatchObject({ id: 'cut-off', status: 'failed', error: interrupted() });
  });

  it('keeps each result cut to the kept bounds, saying so, while the panel still has it whole', async () => {
    const { saved, kept } = store();
    const { subject } = activities({ kept });
    subject.restore([]);
    const long = 'x'.repeat(KEPT_BOUNDS.maxString * 2);
    await subject.run(tool, 's1', async () => text(long));
    await vi.waitFor(() => expect(saved.at(-1)?.[0]?.status).toBe('done'));
    const stored = saved.at(-1)![0] as CallView;
    expect(JSON.stringify(stored).length).toBeLessThan(KEPT_BOUNDS.maxTotal + 2_000);
    expect(stored.cuts).toEqual([expect.stringContaining('texts longer than 20,000 characters')]);
    expect(((subject.list()[0] as CallView).result!.content[0] as { text: string }).text).toBe(long);
  });

  it('shows the last worker’s results in time order with its own, and a call the stop cut off as failed, saying why', async () => {
    const { subject } = activities();
    await subject.run(tool, 's1', async () => text('mine'));
    const now = Date.now();
    const finished = { ...activity('finished', 'done'), startedAt: now - 3_000 };
    const cutOff = { ...activity('cut-off', 'running'), startedAt: now - 2_000 };
    const carried = { ...activity('carried', 'running'), startedAt: now - 1_000 };
    subject.restore([finished, cutOff, carried], [carried]);
    expect(subject.list().map((item) => [item.id, item.status])).toEqual([
      ['a1', 'done'],
      ['carried', 'running'],
      ['cut-off', 'failed'],
      ['finished', 'done'],
    ]);
    expect(subject.find('cut-off')).toMatchObject({ error: interrupted(), endedAt: expect.any(Number) });
  });
});

describe('showing a request that runs', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a fast one only done, never "running…" first', async () => {
    vi.useFakeTimers();
    const changed = vi.fn();
    const { subject } = activities({ changed });
    const shown: string[] = [];
    changed.mockImplementation(() => shown.push(subject.list()[0]!.status));
    await subject.run(tool, 's1', async () => text('fast'));
    await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS * 2);
    expect(shown).toEqual(['done']);
  });

  it(`shows a slower one running after ${SHOW_RUNNING_AFTER_MS} ms, then done`, async () => {
    vi.useFakeTimers();
    const changed = vi.fn();
    const { subject } = activities({ changed });
    const shown: string[] = [];
    changed.mockImplementation(() => shown.push(subject.list()[0]!.status));
    let finish!: () => void;
    const ended = subject.run(tool, 's1', () => new Promise<CallToolResult>((resolve) => (finish = () => resolve(text('slow')))));
    await vi.advanceTimersByTimeAsync(SHOW_RUNNING_AFTER_MS - 1);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual(['running']);
    finish();
    await ended;
    expect(shown).toEqual(['running', 'done']);
  });
});
