import { useState } from 'preact/hooks';
import type { ImportChoice, ImportPreview, ImportResult } from '@/lib/backup';
import { errorMessage } from '@/lib/errorMessage';
import { formatList } from '@/lib/i18n/format';
import { isolated, t } from '@/lib/i18n';
import { useActions } from '../shared/actions';
import { carryFiles } from './files';
import { applied, fileTooLarge, MAX_FILE_BYTES, when } from './words';
import { strength } from './strength';

const STRENGTH = {
  short: () => t('backup.strengthShort'),
  weak: () => t('backup.strengthWeak'),
  fair: () => t('backup.strengthFair'),
  strong: () => t('backup.strengthStrong'),
};

/** "Export a sealed backup": the passphrase twice, with a hint of its strength. */
function ExportBackup() {
  const { exportBackup } = carryFiles(useActions());
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(null);
  const level = strength(first);
  const mismatch = second !== '' && first !== second;
  return (
    <form
      aria-labelledby="backup-export-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (level === 'short' || first !== second) return;
        setSaid(null);
        exportBackup(first).then(
          () => {
            setFirst('');
            setSecond('');
            setSaid({ error: false, text: t('backup.exported') });
          },
          (error: unknown) => setSaid({ error: true, text: errorMessage(error) }),
        );
      }}
    >
      <h3 id="backup-export-title">{t('backup.exportTitle')}</h3>
      <label for="backup-pass">{t('backup.passphrase')}</label>
      <input id="backup-pass" type="password" autoComplete="new-password" value={first} onInput={(event) => setFirst(event.currentTarget.value)} />
      {first !== '' && (
        <p class="hint muted" aria-live="polite">
          {STRENGTH[level]()}
        </p>
      )}
      <label for="backup-pass-again">{t('backup.again')}</label>
      <input
        id="backup-pass-again"
        type="password"
        autoComplete="new-password"
        value={second}
        onInput={(event) => setSecond(event.currentTarget.value)}
      />
      {mismatch && <p class="error">{t('backup.mismatch')}</p>}
      <button type="submit" disabled={level === 'short' || first !== second}>
        {t('backup.export')}
      </button>
      {said && (
        <p role={said.error ? 'alert' : 'status'} class={said.error ? 'error' : 'muted'}>
          {said.text}
        </p>
      )}
    </form>
  );
}

/** What an opened backup would do here, and the person's choice. */
function Preview({ preview, onApply, onCancel }: { preview: ImportPreview; onApply: (choice: ImportChoice) => void; onCancel: () => void }) {
  const [replace, setReplace] = useState(false);
  const take = replace ? 'all' : 'new';
  const replacing = preview.servers.replaced.length + preview.savedCalls.replaced.length > 0;
  return (
    <section class="backup-preview" aria-labelledby="backup-preview-title">
      <h4 id="backup-preview-title">{t('backup.preview')}</h4>
      <p class="muted">
        {t('backup.from', { date: when(preview.exportedAt), product: isolated(`${preview.product.name} ${preview.product.version}`) })}
      </p>
      <ul>
        <li>{t('backup.servers', { added: preview.servers.added.length, replaced: preview.servers.replaced.length })}</li>
        <li>{t('backup.calls', { added: preview.savedCalls.added.length, replaced: preview.savedCalls.replaced.length })}</li>
        <li>{t('backup.pins', { added: preview.pinnedTools.added })}</li>
        <li>{t('backup.history', { added: preview.history.added })}</li>
        {preview.settings.length > 0 && <li>{t('backup.settings', { list: formatList(preview.settings) })}</li>}
      </ul>
      {preview.servers.added.length + preview.servers.replaced.length > 0 && (
        <ul class="muted">
          {[...preview.servers.added, ...preview.servers.replaced].map((server) => (
            <li key={server.id} dir="auto" data-from="person">
              {server.name} — {server.url}
            </li>
          ))}
        </ul>
      )}
      {preview.skipped.map((skipped, index) => (
        <p key={index} class="muted" dir="auto" data-from="person">
          {t('backup.skipped', { name: isolated(skipped.what), reason: isolated(skipped.reason) })}
        </p>
      ))}
      {replacing && (
        <label class="check">
          <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.currentTarget.checked)} /> {t('backup.replaceToo')}
        </label>
      )}
      <div class="actions">
        <button type="button" onClick={() => onApply({ servers: take, savedCalls: take, pinnedTools: true, history: true, settings: replace })}>
          {t('backup.apply')}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {t('backup.cancel')}
        </button>
      </div>
    </section>
  );
}

/** "Open a backup": the file and its passphrase, then the preview, then Apply. */
function OpenBackup() {
  const { openBackup, applyBackup } = carryFiles(useActions());
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [opened, setOpened] = useState<{ importId: string; preview: ImportPreview } | null>(null);
  const [said, setSaid] = useState<{ error: boolean; text: string } | null>(null);
  return (
    <form
      aria-labelledby="backup-open-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        setSaid(null);
        // Refused before it is read: a file this large is no backup, and reading it would hold it all in memory.
        if (file.size > MAX_FILE_BYTES) return setSaid({ error: true, text: fileTooLarge(file.size) });
        file
          .text()
          .then((text) => openBackup(text, passphrase))
          .then(
            (result) => (result.ok ? setOpened(result) : setSaid({ error: true, text: result.message })),
            (error: unknown) => setSaid({ error: true, text: errorMessage(error) }),
          );
      }}
    >
      <h3 id="backup-open-title">{t('backup.openTitle')}</h3>
      <label for="backup-file">{t('backup.file')}</label>
      <input id="backup-file" type="file" accept=".json,application/json" onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
      <label for="backup-open-pass">{t('backup.passphrase')}</label>
      <input
        id="backup-open-pass"
        type="password"
        autoComplete="current-password"
        value={passphrase}
        onInput={(event) => setPassphrase(event.currentTarget.value)}
      />
      <button type="submit" class="secondary" disabled={!file || passphrase === ''}>
        {t('backup.openButton')}
      </button>
      {opened && (
        <Preview
          preview={opened.preview}
          onCancel={() => setOpened(null)}
          onApply={(choice) => {
            setOpened(null);
            applyBackup(opened.importId, choice).then(
              (result: ImportResult) => setSaid({ error: false, text: applied(result) }),
              (error: unknown) => setSaid({ error: true, text: errorMessage(error) }),
            );
          }}
        />
      )}
      {said && (
        <p role={said.error ? 'alert' : 'status'} class={said.error ? 'error' : 'muted'}>
          {said.text}
        </p>
      )}
    </form>
  );
}

/** The sealed backup: everything kept here, in one file under the person's passphrase (docs/backup-file.md). */
export function BackupSection() {
  return (
    <section class="card carry" aria-labelledby="backup-title">
      <h2 id="backup-title">{t('backup.title')}</h2>
      <p class="hint muted">{t('backup.intro')}</p>
      <ExportBackup />
      <OpenBackup />
    </section>
  );
}
