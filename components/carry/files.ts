/**
 * The panel's half of a backup and of a session file, in the carry chunk: sealing and opening a
 * backup (lib/backup's Backups) and writing a session file (lib/sessionFile), over what the worker
 * hands through the port's asks, the file saved by the panel's `saveFile`. Made once per panel: a
 * backup opened is the one applied. Nothing of it is in the worker or the panel's first load.
 */
import { Backups, type ImportChoice } from '@/lib/backup';
import { sessionFile } from '@/lib/sessionFile';
import type { PanelActions } from '../shared/actions';

type Needs = Pick<PanelActions, 'backupState' | 'applyBackupPlan' | 'sessionSources' | 'saveFile'>;

function make(actions: Needs) {
  const backups = new Backups({ hub: actions, newId: () => crypto.randomUUID() });
  return {
    /** Seals everything kept here with the person's passphrase and saves the file (docs/backup-file.md). */
    exportBackup: async (passphrase: string) => {
      const file = await backups.export(passphrase);
      actions.saveFile(file.name, file.text);
    },
    /** Opens a backup file: what it would add or replace here; nothing is changed yet. */
    openBackup: (text: string, passphrase: string) => backups.open(text, passphrase),
    /** Applies what the person chose of the backup opened last. */
    applyBackup: (importId: string, choice: ImportChoice) => backups.apply(importId, choice),
    /** Saves one server's session (every server's, without an id) as a redacted file (docs/session-file.md). */
    saveSession: async (serverId?: string) => {
      const file = sessionFile({ ...(await actions.sessionSources(serverId)), savedAt: new Date() });
      actions.saveFile(file.name, file.text);
    },
  };
}

let made: ReturnType<typeof make> | undefined;

export function carryFiles(actions: Needs): ReturnType<typeof make> {
  made ??= make(actions);
  return made;
}
