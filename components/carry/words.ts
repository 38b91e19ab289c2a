/**
 * The words the carry section builds itself: a file refused by its size before it is read, a
 * file's date, and what applying a backup did. What a backup's or a session file's reader refuses is lib's own sentence, in the
 * UI language (block backup: and sessionFile:), with the detail of what was wrong.
 */
import { MAX_BACKUP_CHARS } from '@/lib/backup/seal';
import type { ImportResult } from '@/lib/backup';
import { isolated, t, tn } from '@/lib/i18n';
import { formatDateTime, formatList, formatSize } from '@/lib/i18n/format';

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

/** What applying a backup did: each kind of item counted in its own plural form, the kinds as a list of the language. */
export const applied = (result: ImportResult): string =>
  t('backup.applied', {
    counts: formatList([
      tn('backup.count.servers', result.servers.added + result.servers.replaced),
      tn('backup.count.calls', result.savedCalls.added + result.savedCalls.replaced),
      tn('backup.count.pins', result.pinnedTools),
      tn('backup.count.history', result.history),
    ]),
  });
