/**
 * The servers an organisation gives everyone (`managedMcpServers`), brought into the person's
 * list: each entry is one saved server, linked to it by the entry's name. Its address, name,
 * headers and client id follow the policy; what the person added (their own headers, a client
 * secret, a sign-in, whether it is enabled) stays theirs. A server the person had already
 * added at that address becomes the managed one, keeping what they set. One the policy no
 * longer lists becomes the person's own again: nothing they had is deleted.
 */
import { canonicalUrl, type ManagedServer, type PolicyJudge } from '../policy';
import type { NewServer, ServerPatch, Servers } from './servers';

export interface ManagedSync {
  /** Servers added for entries new to the person. */
  added: string[];
  /** Servers whose address, headers or client the policy changed, or that it now manages: they connect again. */
  changed: string[];
}

const sameAddress = (a: string, b: string) => canonicalUrl(a)?.href === canonicalUrl(b)?.href;

/**
 * Whether the policy manages this server here: it is linked to a `managedMcpServers` entry, or
 * an entry names its address (one arriving from sync is not linked yet). Such a server neither
 * syncs nor is changed by sync (docs/sync.md).
 */
export function isPolicyManaged(judge: Pick<PolicyJudge, 'managedServers'>, server: { url: string; managed?: unknown }): boolean {
  return server.managed !== undefined || judge.managedServers.some((entry) => sameAddress(entry.url, server.url));
}

/** What the entry sets of its server; a client id only if it names one (else the person's own, if any, stays). */
function managedPatch(entry: ManagedServer): ServerPatch {
  const { name, url, headers, oauthClientId } = entry;
  return {
    url,
    name,
    managed: { name, ...(headers && { headers }), ...(oauthClientId && { oauthClientId }) },
    ...(oauthClientId && { oauthClientId }),
  };
}

/**
 * Brings the saved servers in line with `entries`; `release`: servers whose entry is gone become
 * the person's (false while the policy could not be read whole: what it manages is not known).
 */
export function syncManaged(
  servers: Pick<Servers, 'ids' | 'saved' | 'add' | 'edit'>,
  entries: readonly ManagedServer[],
  release: boolean,
): ManagedSync {
  const sync: ManagedSync = { added: [], changed: [] };
  const saved = () => servers.ids().flatMap((id) => servers.saved(id) ?? []);
  const names = new Set(entries.map((entry) => entry.name));
  for (const entry of entries) {
    const list = saved();
    const own =
      list.find((server) => server.managed?.name === entry.name) ?? list.find((server) => !server.managed && sameAddress(server.url, entry.url));
    if (!own) {
      sync.added.push(...servers.add([managedPatch(entry) as NewServer]).map((server) => server.id));
      continue;
    }
    const adopted = own.managed?.name !== entry.name;
    if (servers.edit(own.id, managedPatch(entry)) || adopted) sync.changed.push(own.id);
  }
  if (release) {
    for (const server of saved()) if (server.managed && !names.has(server.managed.name)) servers.edit(server.id, { managed: undefined });
  }
  return sync;
}
