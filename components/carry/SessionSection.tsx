import { useState } from 'preact/hooks';
import { errorMessage } from '@/lib/errorMessage';
import { t } from '@/lib/i18n';
import type { Verdict } from '@/lib/policy/judge';
import { readSessionFile, type SessionModel } from '@/lib/sessionFile';
import { useActions } from '../shared/actions';
import { carryFiles } from './files';
import { OrgNote } from '../shared/OrgNote';
import { SessionView } from './SessionView';
import { fileTooLarge, MAX_FILE_BYTES } from './words';

/** "Save all sessions" and "Open a session file" (docs/session-file.md); an opened one is drawn below, read-only. */
export function SessionSection({ exportAllowed }: { exportAllowed?: Verdict }) {
  const { saveSession } = carryFiles(useActions());
  const [session, setSession] = useState<SessionModel | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const refused = exportAllowed && !exportAllowed.allowed;
  return (
    <section class="card carry" aria-labelledby="session-title">
      <h2 id="session-title">{t('sessionFile.title')}</h2>
      <p class="hint muted">{t('sessionFile.intro')}</p>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          disabled={refused}
          onClick={() => saveSession().catch((error: unknown) => setSaid(errorMessage(error)))}
        >
          {t('sessionFile.saveAll')}
        </button>
        <label class="button secondary file-button">
          {t('sessionFile.open')}
          <input
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              if (!file) return;
              setSaid(null);
              // Refused before it is read: a file this large is no session file, and reading it would hold it all in memory.
              if (file.size > MAX_FILE_BYTES) return setSaid(fileTooLarge(file.size));
              file.text().then(
                (text) => {
                  const read = readSessionFile(text);
                  if (read.ok) setSession(read.session);
                  else setSaid(read.message);
                },
                (error: unknown) => setSaid(errorMessage(error)),
              );
            }}
          />
        </label>
      </div>
      {refused && <OrgNote verdict={exportAllowed} />}
      {said && (
        <p role="alert" class="error">
          {said}
        </p>
      )}
      {session && <SessionView session={session} onClose={() => setSession(null)} />}
    </section>
  );
}
