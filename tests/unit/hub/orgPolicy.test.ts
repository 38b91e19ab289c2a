/**
 * The policy the hub holds: the kept one in force from the first moment, the browser's applied
 * as soon as it answers and whenever it says it changed, an empty answer at the start not
 * believed at once while a policy is kept, and no answer never dropping what is kept.
 */
import { describe, expect, it, vi } from 'vitest';
import { type KeptPolicy, OrgPolicy, type PolicySource } from '../../../lib/hub/orgPolicy';
import { memory } from '../../hub-harness';

/** The browser's managed storage as a test sets it: `value` is what a read answers. */
function browserPolicy(initial: unknown) {
  let value = initial;
  let listener: (() => void) | undefined;
  const source: PolicySource = {
    read: vi.fn(async () => value),
    onChange: (next) => void (listener = next),
  };
  return {
    source,
    /** The admin changes the policy: the browser says so. */
    set(next: unknown) {
      value = next;
      listener?.();
    },
  };
}

const NONE = { mcpAccess: 'none' };
const ALL = { mcpAccess: 'all' };

function make(source: PolicySource, kept: KeptPolicy | null, confirmEmptyMs = 10, startWaitMs = 250) {
  const store = memory<KeptPolicy | null>(kept);
  const changed = vi.fn();
  const policy = new OrgPolicy({ source, kept: store, confirmEmptyMs, startWaitMs, changed });
  const applied: string[] = [];
  policy.onApplied(async (judge) => void applied.push(judge.reading.state === 'none' ? 'none' : JSON.stringify(judge.judgeFeature('mcpApps'))));
  return { policy, store, changed, applied };
}

const access = (policy: OrgPolicy) => policy.view().mcpAccess;

describe('OrgPolicy', () => {
  it("applies the browser's policy at the start, and keeps it", async () => {
    const browser = browserPolicy(NONE);
    const { policy, store } = make(browser.source, null);
    await policy.load();
    expect(access(policy)).toBe('none');
    expect(store.value()).toEqual({ raw: NONE });
    expect(policy.view().kept).toBeUndefined();
  });

  it('holds the kept policy while the browser does not answer, and forgets nothing', async () => {
    const { policy, store } = make({ read: async () => undefined, onChange: () => {} }, { raw: NONE });
    await policy.load();
    expect(policy.view()).toMatchObject({ mcpAccess: 'none', kept: true });
    expect(store.value()).toEqual({ raw: NONE });
  });

  it('does not believe an empty answer at the start while a policy is kept, until it is asked again', async () => {
    const browser = browserPolicy({});
    const { policy, store } = make(browser.source, { raw: NONE }, 20);
    await policy.load();
    expect(policy.view()).toMatchObject({ mcpAccess: 'none', kept: true });
    await vi.waitFor(() => expect(policy.view().state).toBe('none'));
    expect(store.value()).toBeNull();
    expect(browser.source.read).toHaveBeenCalledTimes(2);
  });

  it('applies a change the browser announces at once, and tells the listener', async () => {
    const browser = browserPolicy(ALL);
    const { policy, applied, store } = make(browser.source, null);
    await policy.load();
    browser.set({ mcpAppsEnabled: false });
    await policy.refresh();
    expect(applied).toEqual([
      JSON.stringify({
        allowed: false,
        rule: 'mcpAppsEnabled false',
        reason: 'Your organisation has turned off MCP Apps (interfaces servers show in the panel).',
      }),
    ]);
    expect(store.value()).toEqual({ raw: { mcpAppsEnabled: false } });
    // The policy taken away while the browser runs is believed at once.
    browser.set({});
    await policy.refresh();
    expect(policy.view().state).toBe('none');
    expect(applied.at(-1)).toBe('none');
  });

  it('does not act again on the same policy read again', async () => {
    const browser = browserPolicy(NONE);
    const { policy, applied, changed } = make(browser.source, { raw: NONE });
    await policy.load();
    const calls = changed.mock.calls.length;
    await policy.refresh();
    expect(applied).toEqual([]);
    expect(changed.mock.calls.length).toBe(calls);
  });

  it('keeps a policy that cannot be read, and refuses it', async () => {
    const browser = browserPolicy({ mcpAccess: 42 });
    const { policy, store } = make(browser.source, null);
    await policy.load();
    expect(policy.view()).toMatchObject({ state: 'refused', problems: [expect.stringMatching(/^mcpAccess must be a string/)] });
    expect(store.value()).toEqual({ raw: { mcpAccess: 42 } });
  });

  it('applies a change announced while the start still reads the policy after it, never the older one last', async () => {
    let answerFirst!: (value: unknown) => void;
    let value: unknown = NONE;
    let listener: (() => void) | undefined;
    const reads = [new Promise((resolve) => (answerFirst = resolve))];
    const source: PolicySource = { read: () => reads.shift() ?? Promise.resolve(value), onChange: (next) => void (listener = next) };
    const { policy } = make(source, null);
    const loaded = policy.load();
    await vi.waitFor(() => expect(listener).toBeDefined());
    value = ALL;
    listener!();
    answerFirst(NONE);
    await loaded;
    await policy.refresh();
    expect(policy.view().mcpAccess).toBe('all');
  });

  it('does not hold the start for a browser slow to answer: the kept policy holds, and the answer applies as a change', async () => {
    let answer!: (value: unknown) => void;
    const source: PolicySource = { read: () => new Promise((resolve) => (answer = resolve)), onChange: () => {} };
    const { policy, applied } = make(source, { raw: NONE }, 10, 20);
    await policy.load();
    expect(policy.view()).toMatchObject({ mcpAccess: 'none', kept: true });
    answer({ mcpAppsEnabled: false });
    await vi.waitFor(() => expect(applied).toHaveLength(1));
    expect(policy.view().mcpAccess).toBe('all');
    expect(policy.view().kept).toBeUndefined();
  });

  it("drops the start's late answer when a change read since has overtaken it", async () => {
    let answerFirst!: (value: unknown) => void;
    let listener: (() => void) | undefined;
    const reads: Array<Promise<unknown>> = [new Promise((resolve) => (answerFirst = resolve)), Promise.resolve(ALL)];
    const source: PolicySource = { read: () => reads.shift()!, onChange: (next) => void (listener = next) };
    const { policy } = make(source, null, 10, 20);
    await policy.load();
    await policy.refresh();
    expect(policy.view().mcpAccess).toBe('all');
    answerFirst(NONE);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await policy.refresh().catch(() => {});
    expect(policy.view().mcpAccess).toBe('all');
    expect(listener).toBeDefined();
  });

  it('writes nothing at a start that reads the policy it keeps (or none, keeping none)', async () => {
    for (const [current, kept] of [
      [NONE, { raw: NONE }],
      [{}, null],
    ] as const) {
      const { policy, store } = make(browserPolicy(current).source, kept);
      const save = vi.spyOn(store, 'save');
      await policy.load();
      expect(save).not.toHaveBeenCalled();
    }
  });
});
