import { describe, expect, it } from 'vitest';
import { ServerLifecycle } from '../../../lib/hub/serverLifecycle';
import { Servers } from '../../../lib/hub/servers';
import type { SavedServer } from '../../../lib/hub/servers';

/** A lifecycle whose parts write down what was done to them, in order. */
function lifecycle(saved: SavedServer[] = []) {
  const order: string[] = [];
  let next = 0;
  const servers = new Servers({
    stored: { load: async () => [], save: async (list) => void order.push(`persist ${list.map((server) => server.id).join(',')}`) },
    newId: () => `s${(next += 1)}`,
    changed: () => {},
  });
  servers.restore(saved);
  const subject = new ServerLifecycle({
    servers,
    connections: {
      connect: async (serverId) => void order.push(`connect ${serverId}`),
      connection: () => ({ setLogLevel: async (level: string) => void order.push(`log level ${level}`) }) as never,
      reconnect: async (serverId) => void order.push(`reconnect ${serverId}`),
      // Forgotten first, so a connect still under way for it sees it is gone.
      remove: async (serverId) => void order.push(`close ${serverId}${servers.saved(serverId) ? ' while saved' : ''}`),
    },
    resumed: { dropServer: (serverId, what) => void order.push(`drop calls ${serverId} ${what}`) },
    live: { stopWhere: async (ended) => void order.push(`stop watches ${ended('r1', 's1')}`) },
    activities: { dropServer: (serverId) => void order.push(`drop results ${serverId}`) },
    records: { clear: (serverId) => void order.push(`clear records ${serverId}`) },
    signIn: { forget: async (serverId) => void order.push(`forget sign-ins ${serverId}`) },
    changed: () => void order.push('changed'),
  });
  return { subject, order, servers };
}

const deploys: SavedServer = { id: 's1', url: 'https://mcp.example.com/mcp', enabled: true };

describe('the server lifecycle', () => {
  it('saves and shows added servers before they connect, all of an import or none', async () => {
    const { subject, order } = lifecycle();
    expect(await subject.add({ url: 'https://a.example/mcp' })).toBe('s1');
    await subject.import('{"mcpServers":{"b":{"url":"https://b.example/mcp"},"c":{"url":"https://c.example/mcp"}}}');
    expect(order).toEqual(['persist s1', 'changed', 'connect s1', 'persist s1,s2,s3', 'changed', 'connect s2', 'connect s3']);
    await expect(subject.add({ url: 'javascript:alert(1)' })).rejects.toThrow(/javascript:/);
    expect(order).toHaveLength(7);
  });

  it('sends a new log level at once, and saves a changed URL before reconnecting', async () => {
    const { subject, order } = lifecycle([deploys]);
    await subject.update('s1', { logLevel: 'warning' });
    await subject.update('s1', { url: 'https://mcp.example.com/v2' });
    await subject.update('gone', { url: 'https://x.example/' });
    expect(order).toEqual(['log level warning', 'persist s1', 'persist s1', 'reconnect s1']);
  });

  it('lets go of a removed server’s kept calls and watches before closing it, drops its results, forgets its sign-ins, then saves the list without it', async () => {
    const { subject, order, servers } = lifecycle([deploys]);
    await subject.remove('s1');
    await subject.remove('s1');
    expect(order).toEqual([
      'drop calls s1 removed',
      'stop watches true',
      'close s1',
      'drop results s1',
      'clear records s1',
      'forget sign-ins s1',
      'persist ',
      'changed',
    ]);
    expect(servers.saved('s1')).toBeUndefined();
  });
});
