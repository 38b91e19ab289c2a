import { describe, expect, it } from 'vitest';
import { keptPins, MAX_PINNED, PinError, type PinnedTool, pinTool } from '../../lib/pinnedTools';

const URL_A = 'https://a.example/mcp';

describe('pinning a tool', () => {
  it('adds it once, newest last, and unpins it', () => {
    const one = pinTool([], URL_A, 'deploy', true, 1);
    expect(one).toEqual([{ serverUrl: URL_A, tool: 'deploy', pinnedAt: 1 }]);
    const two = pinTool(one, URL_A, 'status', true, 2);
    expect(two.map((pin) => pin.tool)).toEqual(['deploy', 'status']);
    expect(pinTool(two, URL_A, 'deploy', true, 3)).toBe(two);
    expect(pinTool(two, URL_A, 'deploy', false, 4).map((pin) => pin.tool)).toEqual(['status']);
    expect(pinTool(two, 'https://b.example/mcp', 'deploy', false, 4)).toBe(two);
  });

  it('tells the same tool name on two servers apart', () => {
    const pins = pinTool(pinTool([], URL_A, 'deploy', true, 1), 'https://b.example/mcp', 'deploy', true, 2);
    expect(pins).toHaveLength(2);
    expect(pinTool(pins, URL_A, 'deploy', false, 3)).toEqual([{ serverUrl: 'https://b.example/mcp', tool: 'deploy', pinnedAt: 2 }]);
  });

  it('refuses a 10,000-character name, a server without a URL and a pin past the bound, saying why', () => {
    expect(() => pinTool([], URL_A, 'x'.repeat(10_000), true, 1)).toThrow(PinError);
    expect(() => pinTool([], URL_A, 'x'.repeat(10_000), true, 1)).toThrow(/1 to 1,000 characters/);
    expect(() => pinTool([], 'not a url', 'deploy', true, 1)).toThrow(/server’s URL/);
    const full: PinnedTool[] = Array.from({ length: MAX_PINNED }, (_, index) => ({ serverUrl: URL_A, tool: `t${index}`, pinnedAt: index }));
    expect(() => pinTool(full, URL_A, 'one more', true, 1)).toThrow(/at most 200 pinned tools/);
    // Unpinning still works at the bound.
    expect(pinTool(full, URL_A, 't0', false, 1)).toHaveLength(MAX_PINNED - 1);
  });
});

describe('pins read back from storage', () => {
  it('keep well-formed pins only, at most the bound', () => {
    const good = { serverUrl: URL_A, tool: 'deploy', pinnedAt: 1 };
    expect(keptPins([good, { serverUrl: URL_A }, null, 'x', { ...good, tool: 'y'.repeat(5_000) }])).toEqual([good]);
    expect(keptPins({ not: 'a list' })).toEqual([]);
    expect(keptPins(Array.from({ length: MAX_PINNED + 5 }, () => good))).toHaveLength(MAX_PINNED);
  });
});
