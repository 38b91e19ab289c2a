/**
 * What the hub does when the organisation's policy changes (lib/hub/orgPolicy.ts): its managed
 * servers are brought into the list (lib/hub/managedServers.ts), every saved server is judged
 * again, one it now refuses is disconnected and shown blocked with the rule and the reason (its
 * settings kept), one it allows again connects, and when MCP Apps are turned on or off the
 * connected servers connect again, to be told whether the panel shows apps.
 */
import type { PolicyJudge, ServerFacts } from '../policy';
import type { Connections } from './connections';
import { syncManaged } from './managedServers';
import type { PolicyListener } from './orgPolicy';
import type { SavedServer, Servers } from './servers';

/** A saved server as the policy judges it. */
export const serverFacts = (saved: SavedServer): ServerFacts => ({
  url: saved.url,
  name: saved.name,
  managed: saved.managed?.name,
  registry: saved.registry?.base,
});

export interface EnforcementParts {
  servers: Pick<Servers, 'ids' | 'saved' | 'view' | 'add' | 'edit' | 'persist'>;
  connections: Pick<Connections, 'connect' | 'disconnect' | 'reconnect'>;
  changed: () => void;
}

/**
 * Brings the managed servers in line with `judge`; servers no longer managed become the person's
 * unless the policy could not be read whole (what it manages is not known then).
 */
async function sync(servers: EnforcementParts['servers'], judge: PolicyJudge) {
  const synced = syncManaged(servers, judge.managedServers, judge.reading.state !== 'refused');
  if (synced.added.length > 0 || synced.changed.length > 0) await servers.persist();
  return synced;
}

/** The start's part: the managed servers in the list before anything connects. */
export const startManaged = async (servers: EnforcementParts['servers'], judge: PolicyJudge): Promise<void> => void (await sync(servers, judge));

export function policyEnforcement(parts: EnforcementParts): PolicyListener {
  const { servers, connections } = parts;
  return async (judge, before) => {
    const synced = await sync(servers, judge);
    parts.changed();
    const appsChanged = judge.judgeFeature('mcpApps').allowed !== before.judgeFeature('mcpApps').allowed;
    await Promise.all(
      servers.ids().map(async (id) => {
        const saved = servers.saved(id);
        const status = servers.view(id)?.status;
        if (!saved) return;
        const verdict = judge.judgeServer(serverFacts(saved));
        if (synced.added.includes(id)) return connections.connect(id);
        if (!verdict.allowed) {
          const shown = servers.view(id)?.blocked;
          if (status === 'blocked' && shown?.rule === verdict.rule && shown.reason === verdict.reason) return;
          await connections.disconnect(id);
          return connections.connect(id);
        }
        if (status === 'blocked' || synced.changed.includes(id) || (appsChanged && status === 'connected')) return connections.reconnect(id);
      }),
    );
  };
}
