/**
 * The words for what a file's reader refused, built here from its code so they are in the
 * panel's language (docs/i18n.md, "Words built in lib/": lib/backup and lib/sessionFile say a
 * code and English words; the panel says the catalog's).
 */
import type { OpenedBackup } from '@/lib/backup';
import { MAX_BACKUP_CHARS } from '@/lib/backup/seal';
import { isolated, t } from '@/lib/i18n';
import { formatDateTime, formatSize } from '@/lib/i18n/format';
import type { ReadSession } from '@/lib/sessionFile/read';

/**
 * The most a backup or session file may weigh before it is read: both readers refuse more than
 * 64 Mi characters, and a file is checked by its bytes first, so a 200 MB file is never held in
 * memory to be refused.
 */
export const MAX_FILE_BYTES = MAX_BACKUP_CHARS;

export const fileTooLarge = (bytes: number): string => t('backup.fileTooLarge', { size: formatSize(bytes), max: formatSize(MAX_FILE_BYTES) });

/** A date a file says it was written, as the panel's language writes it, or as the file has it when it is no date. */
export function when(iso: string): string {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? formatDateTime(at) : isolated(iso);
}

export function backupProblem(problem: Extract<OpenedBackup, { ok: false }>['problem']): string {
  switch (problem) {
    case 'wrong-passphrase':
      return t('backup.problemWrongPassphrase');
    case 'damaged':
      return t('backup.problemDamaged');
    case 'newer-version':
      return t('backup.problemNewerVersion');
    case 'too-large':
      return t('backup.problemTooLarge');
    default:
      return t('backup.problemNotABackup');
  }
}

export function sessionProblem(problem: Extract<ReadSession, { ok: false }>['problem']): string {
  switch (problem) {
    case 'too-large':
      return t('sessionFile.problemTooLarge');
    case 'too-deep':
      return t('sessionFile.problemTooDeep');
    case 'newer-version':
      return t('sessionFile.problemNewerVersion');
    case 'damaged':
      return t('sessionFile.problemDamaged');
    default:
      return t('sessionFile.problemNotASession');
  }
}
