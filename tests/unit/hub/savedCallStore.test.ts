import { describe, expect, it } from 'vitest';
import { SavedCallStore } from '../../../lib/hub/savedCallStore';
import type { SavedCall } from '../../../lib/savedCalls';

describe('the hub’s saved calls', () => {
  it('keep the last worker’s list when a call is saved before it is read', async () => {
    const before: SavedCall = { id: 'a', serverUrl: 'https://a.example/mcp', tool: 'x', name: 'kept', arguments: {}, savedAt: 1 };
    let kept: SavedCall[] = [before];
    let release = () => {};
    const slowLoad = new Promise<void>((resolve) => (release = resolve));
    const saved = new SavedCallStore(
      {
        load: async () => {
          await slowLoad;
          return kept;
        },
        save: async (value) => void (kept = value),
      },
      () => {},
    );
    const loading = saved.load();
    const adding = saved.add('https://a.example/mcp', 'x', 'new', { n: 1 });
    release();
    await Promise.all([loading, adding]);
    expect(saved.list().map((call) => call.name)).toEqual(['kept', 'new']);
    expect(kept.map((call) => call.name)).toEqual(['kept', 'new']);
  });
});
