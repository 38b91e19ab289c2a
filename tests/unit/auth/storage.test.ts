import { describe, expect, it, vi } from 'vitest';
import { cachedArea, memoryArea, webExtensionArea, type KeyValueArea, type WebExtensionStorageArea } from '../../../lib/auth';

/** A backing area that counts reads, with a change feed the test fires as another context would. */
function backing() {
  const area = memoryArea();
  const reads = vi.fn();
  let report: (keys: string[]) => void = () => undefined;
  const counted: KeyValueArea = {
    get: async (key) => {
      reads(key);
      return area.get(key);
    },
    set: (key, value) => area.set(key, value),
    remove: (key) => area.remove(key),
  };
  const cached = cachedArea(counted, (listener) => {
    report = listener;
  });
  return { area, reads, cached, changed: (...keys: string[]) => report(keys) };
}

describe('cachedArea', () => {
  it('reads each key from the backing area once, absent keys included', async () => {
    const { area, reads, cached } = backing();
    await area.set('auth:a', { issuer: 'https://as.example' });
    for (let i = 0; i < 5; i += 1) {
      expect(await cached.get('auth:a')).toEqual({ issuer: 'https://as.example' });
      expect(await cached.get('auth:none')).toBeUndefined();
    }
    expect(reads.mock.calls).toEqual([['auth:a'], ['auth:none']]);
  });

  it('writes through, and serves what it wrote without reading it back', async () => {
    const { area, reads, cached } = backing();
    await cached.set('auth:a', { tokens: 1 });
    expect(area.entries.get('auth:a')).toEqual({ tokens: 1 });
    expect(await cached.get('auth:a')).toEqual({ tokens: 1 });
    await cached.remove('auth:a');
    expect(area.entries.has('auth:a')).toBe(false);
    expect(await cached.get('auth:a')).toBeUndefined();
    expect(reads).not.toHaveBeenCalled();
  });

  it('reads a key again once another context is reported to have changed it', async () => {
    const { area, cached, changed } = backing();
    await cached.set('auth:a', { tokens: 1 });
    await area.set('auth:a', { tokens: 2 });
    expect(await cached.get('auth:a')).toEqual({ tokens: 1 });
    changed('auth:a');
    expect(await cached.get('auth:a')).toEqual({ tokens: 2 });
  });

  it('does not let a read that started before a write keep what it found', async () => {
    const area = memoryArea();
    await area.set('auth:a', 'old');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: KeyValueArea = {
      ...area,
      // The backing read has happened; its answer is still on its way.
      get: async (key) => {
        const value = await area.get(key);
        await held;
        return value;
      },
    };
    const cached = cachedArea(slow, () => undefined);
    const reading = cached.get('auth:a');
    await cached.set('auth:a', 'new');
    release();
    expect(await reading).toBe('old');
    expect(await cached.get('auth:a')).toBe('new');
  });

  it('forgets a value whose write failed', async () => {
    const area = memoryArea();
    await area.set('auth:a', 'stored');
    const failing: KeyValueArea = { ...area, set: async () => Promise.reject(new Error('QUOTA_BYTES quota exceeded')) };
    const cached = cachedArea(failing, () => undefined);
    await expect(cached.set('auth:a', 'unsaved')).rejects.toThrow('QUOTA_BYTES');
    expect(await cached.get('auth:a')).toBe('stored');
  });

  it('hands out copies, so a caller changing what it got changes nothing stored', async () => {
    const { cached } = backing();
    await cached.set('auth:a', { clients: {} });
    const record = (await cached.get('auth:a')) as { clients: Record<string, unknown> };
    record.clients.x = 'changed';
    expect(await cached.get('auth:a')).toEqual({ clients: {} });
  });
});

describe('webExtensionArea', () => {
  it('reads a browser storage area once and follows its onChanged', async () => {
    const items: Record<string, unknown> = { 'auth:a': 1 };
    const listeners: Array<(changes: Record<string, unknown>) => void> = [];
    const browserArea: WebExtensionStorageArea = {
      get: vi.fn(async (key: string) => (key in items ? { [key]: items[key] } : {})),
      set: async (next) => void Object.assign(items, next),
      remove: async (key) => void delete items[key],
      onChanged: { addListener: (listener) => void listeners.push(listener) },
    };
    const area = webExtensionArea(browserArea);
    expect(await area.get('auth:a')).toBe(1);
    expect(await area.get('auth:a')).toBe(1);
    expect(browserArea.get).toHaveBeenCalledTimes(1);
    items['auth:a'] = 2;
    for (const listener of listeners) listener({ 'auth:a': { oldValue: 1, newValue: 2 } });
    expect(await area.get('auth:a')).toBe(2);
  });

  it('reads an area that reports no changes every time', async () => {
    const browserArea: WebExtensionStorageArea = {
      get: vi.fn(async (key: string) => ({ [key]: 1 })),
      set: async () => {},
      remove: async () => {},
    };
    const area = webExtensionArea(browserArea);
    await area.get('auth:a');
    await area.get('auth:a');
    expect(browserArea.get).toHaveBeenCalledTimes(2);
  });
});
