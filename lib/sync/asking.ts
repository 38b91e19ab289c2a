/**
 * A synced server's secrets, asked of the person in this browser: secrets never sync, so a
 * server that came from another browser with secret headers (or a client secret) waits, turned
 * off, until the person enters them in the Inbox (lib/sync/secrets.ts makes the Request).
 */
import type { Provenance } from '../inbox';
import type { Answer, Request } from '../request';
import { answeredSecrets, type MissingSecrets, secretRequest } from './secrets';
import type { SyncTargets } from './apply';

export interface SyncSecretsOptions {
  servers: SyncTargets['servers'];
  lifecycle: Pick<SyncTargets['lifecycle'], 'update'>;
  ask: (request: Request, provenance: Provenance) => Promise<Answer>;
  /** The servers waiting, by id here: kept with sync's state, which `save` writes. */
  awaiting: () => Record<string, MissingSecrets>;
  save: () => Promise<void>;
  changed: () => void;
}

export class SyncSecrets {
  readonly #options: SyncSecretsOptions;
  /** Servers whose Request is in the Inbox now: one at a time each. */
  readonly #asking = new Set<string>();

  constructor(options: SyncSecretsOptions) {
    this.#options = options;
  }

  /** Notes that `serverId` waits for `missing`, and asks the person, unless a Request for it is already waiting. */
  ask(serverId: string, missing: MissingSecrets): void {
    const { servers, lifecycle, awaiting, save, changed } = this.#options;
    awaiting()[serverId] = missing;
    const saved = servers.saved(serverId);
    if (this.#asking.has(serverId) || !saved) return;
    this.#asking.add(serverId);
    const serverName = saved.name || new URL(saved.url).host;
    const provenance: Provenance = { serverId, serverName, serverOrigin: new URL(saved.url).origin, purpose: 'secrets' };
    void this.#options
      .ask(secretRequest(serverName, missing), provenance)
      .then(async (answer) => {
        const given = answeredSecrets(answer, missing);
        const current = servers.saved(serverId);
        if (!given || !current) return;
        delete awaiting()[serverId];
        await lifecycle.update(serverId, {
          headers: { ...current.headers, ...given.headers },
          ...(given.clientSecret ? { oauthClientSecret: given.clientSecret } : {}),
          enabled: true,
        });
        await save();
      })
      // A Request the inbox would not take (too many waiting) leaves the server waiting; the panel offers to ask again.
      .catch(() => {})
      .finally(() => {
        this.#asking.delete(serverId);
        changed();
      });
  }
}
