/**
 * Backups, made by the panel when the person asks (components/carry): everything this browser
 * keeps for the person (servers with their secrets, saved calls, pins, History, settings; never a token) sealed with their passphrase
 * into one file, and such a file opened: its preview first, then what the person chose of it.
 * A file that cannot be opened changes nothing. The worker hands what it keeps and applies the
 * plan (here.ts); everything else is done here, in the panel.
 */
import { parseBoundedJson } from '../boundedJson';
import { t } from '../i18n';
import { type BackupContents, readContents } from './contents';
import type { BackupState } from './here';
import { type ImportChoice, importPlan, type ImportPlan, type ImportPreview, previewImport } from './preview';
import { type BackupError, seal, unseal } from './seal';

/** What the panel asks of the worker (lib/backup/here.ts, through the port's asks). */
export interface BackupHub {
  backupState(): Promise<BackupState>;
  applyBackupPlan(plan: ImportPlan): Promise<void>;
}

export interface BackupsOptions {
  hub: BackupHub;
  newId: () => string;
}

/** A backup opened and waiting for the person's choice: its preview, and the id to apply it by. */
export type OpenedBackup = { ok: true; importId: string; preview: ImportPreview } | BackupError;

/** What an import did: how many of each were added or replaced, and which settings changed. */
export interface ImportResult {
  servers: { added: number; replaced: number };
  savedCalls: { added: number; replaced: number };
  pinnedTools: number;
  history: number;
  settings: string[];
}

export class Backups {
  readonly #options: BackupsOptions;
  /** The one backup opened and not yet applied (in the panel's memory only: a closed panel needs it opened again). */
  #opened: { importId: string; contents: BackupContents } | undefined;

  constructor(options: BackupsOptions) {
    this.#options = options;
  }

  /** The sealed file of everything kept here. @throws RangeError when the passphrase is too short. */
  async export(passphrase: string, now = new Date()): Promise<{ name: string; text: string }> {
    const current = await this.#options.hub.backupState();
    const contents: BackupContents = {
      exportedAt: now.toISOString(),
      product: current.product,
      servers: [...current.servers],
      savedCalls: [...current.savedCalls],
      pinnedTools: [...current.pinnedTools],
      history: [...current.history],
      settings: current.settings,
    };
    return { name: `toolnexus-backup-${now.toISOString().slice(0, 10)}.json`, text: await seal(JSON.stringify(contents), passphrase) };
  }

  /** Opens a backup file: decrypted, checked, and compared with what is here; nothing is changed yet. */
  async open(text: string, passphrase: string): Promise<OpenedBackup> {
    const opened = await unseal(text, passphrase);
    if (!opened.ok) return opened;
    const parsed = parseBoundedJson(opened.plaintext, { maxChars: opened.plaintext.length, maxDepth: 64 });
    const read = 'value' in parsed ? readContents(parsed.value) : undefined;
    if (!read) {
      return { ok: false, problem: 'damaged', message: t('backup.notContents') };
    }
    const importId = this.#options.newId();
    this.#opened = { importId, contents: read.contents };
    return { ok: true, importId, preview: previewImport(await this.#options.hub.backupState(), read.contents, read.skipped) };
  }

  /**
   * Applies what the person chose of the backup opened as `importId`.
   * @throws Error when no such backup is open: open it again.
   */
  async apply(importId: string, choice: ImportChoice): Promise<ImportResult> {
    const opened = this.#opened;
    if (opened?.importId !== importId) throw new Error(t('backup.notOpen'));
    this.#opened = undefined;
    const current = await this.#options.hub.backupState();
    const plan = importPlan(current, opened.contents, choice);
    const preview = previewImport(current, opened.contents, []);
    await this.#options.hub.applyBackupPlan(plan);
    const taken = (take: ImportChoice['servers'], counts: ImportPreview['servers']) => ({
      added: take === 'none' ? 0 : counts.added.length,
      replaced: take === 'all' ? counts.replaced.length : 0,
    });
    return {
      servers: taken(choice.servers, preview.servers),
      savedCalls: taken(choice.savedCalls, preview.savedCalls),
      pinnedTools: choice.pinnedTools ? preview.pinnedTools.added : 0,
      history: plan.history.length,
      settings: plan.settings ? preview.settings : [],
    };
  }
}
