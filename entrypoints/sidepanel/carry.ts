/**
 * The panel's half of a backup and of a session file, in a chunk of its own (main.tsx imports it
 * when the person asks): sealing and opening a backup (lib/backup), writing a session file
 * (lib/sessionFile), over what the worker hands through the port's asks. Made once; a backup
 * opened is the one applied.
 */
import { browser } from 'wxt/browser';
import { Backups, type ImportChoice } from '@/lib/backup';
import type { WorkerAsks } from '@/lib/port/commands';
import { sessionFile } from '@/lib/sessionFile';

type Asks = Pick<WorkerAsks, 'backupState' | 'applyBackupPlan' | 'sessionSources'>;

let made: ReturnType<typeof make> | undefined;

function make(asks: Asks, save: (name: string, text: string) => void) {
  const product = () => ({ name: 'toolnexus', version: browser.runtime.getManifest().version });
  const backups = new Backups({ hub: asks, product, newId: () => crypto.randomUUID() });
  return {
    exportBackup: async (passphrase: string) => {
      const file = await backups.export(passphrase);
      save(file.name, file.text);
    },
    openBackup: (text: string, passphrase: string) => backups.open(text, passphrase),
    applyBackup: (importId: string, choice: ImportChoice) => backups.apply(importId, choice),
    saveSession: async (serverId?: string) => {
      const file = sessionFile({ ...(await asks.sessionSources(serverId)), savedAt: new Date() });
      save(file.name, file.text);
    },
  };
}

export function carry(asks: Asks, save: (name: string, text: string) => void): ReturnType<typeof make> {
  made ??= make(asks, save);
  return made;
}
