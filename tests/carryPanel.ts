/**
 * What the panel does with a hub for a backup or a session file (components/carry runs the
 * same): the panel's Backups over the hub's asks, and the session file written from the hub's
 * sources. One per hub, so a backup opened is the one applied.
 */
import { Backups } from '../lib/backup';
import type { Hub } from '../lib/hub';
import { sessionFile } from '../lib/sessionFile';

const made = new WeakMap<Hub, ReturnType<typeof panelOf>>();

function panelOf(hub: Hub) {
  const backups = new Backups({ hub, newId: () => crypto.randomUUID() });
  return {
    exportBackup: (passphrase: string) => backups.export(passphrase),
    openBackup: (text: string, passphrase: string) => backups.open(text, passphrase),
    applyBackup: backups.apply.bind(backups),
    saveSession: async (serverId?: string) => sessionFile({ ...(await hub.sessionSources(serverId)), savedAt: new Date() }),
  };
}

export function carry(hub: Hub): ReturnType<typeof panelOf> {
  let panel = made.get(hub);
  if (!panel) made.set(hub, (panel = panelOf(hub)));
  return panel;
}
