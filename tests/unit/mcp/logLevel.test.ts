import { LOG_LEVEL_META_KEY } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { logLevel } from '../../../lib/mcp/logLevel';

/** A connected client of `era` whose server does or does not offer logging. */
const connected = (era: 'legacy' | 'modern', logging: boolean, setLoggingLevel = vi.fn(async () => ({}))) => ({
  client: { getProtocolEra: () => era, getServerCapabilities: () => (logging ? { logging: {} } : {}), setLoggingLevel },
  setLoggingLevel,
});

describe('logLevel', () => {
  it('2025-11-25: sends logging/setLevel to a server that offers logging, the chosen level first', async () => {
    const { client, setLoggingLevel } = connected('legacy', true);
    const logs = await logLevel(client, 'warning');
    await logs.set('debug');
    expect(setLoggingLevel.mock.calls).toEqual([['warning'], ['debug']]);
    expect(logs.withLevel({ name: 'echo' })).toEqual({ name: 'echo' });
  });

  it('2025-11-25: connects all the same when the server refuses the chosen level, and asks nothing of one without logging', async () => {
    const refusing = connected(
      'legacy',
      true,
      vi.fn(async () => Promise.reject(new Error('Method not found'))),
    );
    await expect(logLevel(refusing.client, 'info')).resolves.toBeDefined();
    const silent = connected('legacy', false);
    await (await logLevel(silent.client, 'info')).set('debug');
    expect(silent.setLoggingLevel).not.toHaveBeenCalled();
  });

  it('2026-07-28: carries the level on each request instead, once there is one', async () => {
    const { client, setLoggingLevel } = connected('modern', true);
    const logs = await logLevel(client, undefined);
    expect(logs.withLevel({ uri: 'file:///a' })).toEqual({ uri: 'file:///a' });
    await logs.set('error');
    expect(logs.withLevel({ uri: 'file:///a' })).toEqual({ uri: 'file:///a', _meta: { [LOG_LEVEL_META_KEY]: 'error' } });
    expect(setLoggingLevel).not.toHaveBeenCalled();
  });
});
