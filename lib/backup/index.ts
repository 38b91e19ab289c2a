/**
 * The sealed backup: everything the person keeps here in one file, encrypted with their
 * passphrase (seal.ts), for a new machine or a reinstall. The hub makes one `Backups`
 * (lib/hub/wire.ts) and names its commands; the format is docs/backup-file.md.
 */
export { Backups, type ImportResult } from './backups';
export { applyBackupPlan, backupState } from './here';
export type { ImportChoice, ImportPlan, ImportPreview } from './preview';
