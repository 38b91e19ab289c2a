import { formatDateTime, formatSize } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';
import type { SyncView } from '@/lib/sync/view';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';

/** The Sync switch (off until the person turns it on), what travels and what never does, and what sync could not do. */
export function SyncSection({ sync }: { sync?: SyncView }) {
  const { setSync, dismissSyncConflicts, askSyncSecrets } = useActions();
  return (
    <section class="card carry" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('sync.title')}</h2>
      {sync ? (
        <label class="check">
          <input type="checkbox" checked={sync.enabled} onChange={(event) => setSync(event.currentTarget.checked)} /> {t('sync.switch')}
        </label>
      ) : (
        <p class="muted">{t('sync.unavailable')}</p>
      )}
      <p class="hint muted">{t('sync.what')}</p>
      {sync?.enabled && sync.syncedAt !== undefined && <p class="muted">{t('sync.syncedAt', { time: formatDateTime(sync.syncedAt) })}</p>}
      {sync?.problem && (
        <p role="alert" class="error">
          {t('sync.problem', { problem: sync.problem })}
        </p>
      )}
      {sync && sync.conflicts.length > 0 && (
        <div role="status" class="sync-conflicts">
          <ul>
            {sync.conflicts.map((conflict) => (
              <li key={conflict.key}>
                <Foreign text={conflict.name} from="person" />{' '}
                {conflict.kept === 'here' ? t('sync.conflictKeptHere', { time: formatDateTime(conflict.otherAt) }) : t('sync.conflictKeptThere')}
              </li>
            ))}
          </ul>
          <button type="button" class="secondary" onClick={() => dismissSyncConflicts()}>
            {t('sync.dismiss')}
          </button>
        </div>
      )}
      {sync && sync.localOnly.length > 0 && (
        <>
          <h3>{t('sync.localOnly')}</h3>
          <ul class="sync-local-only">
            {sync.localOnly.map((item) => (
              <li key={item.key}>
                <span class="badge">{t('sync.localBadge')}</span> <Foreign text={item.name} from="person" />{' '}
                <span class="muted">
                  {item.reason === 'too-large'
                    ? t('sync.tooLarge', { size: formatSize(item.bytes) })
                    : t('sync.full', { size: formatSize(item.bytes) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {sync?.needsSecrets.map((server) => (
        <p key={server.serverId}>
          <Foreign text={server.name} from="person" /> {t('sync.needsSecrets')}{' '}
          <button type="button" class="link" onClick={() => askSyncSecrets(server.serverId)}>
            {t('sync.askAgain')}
          </button>
        </p>
      ))}
      {sync?.enabled && <p class="muted">{t('sync.usage', { used: formatSize(sync.usage.bytes), quota: formatSize(sync.usage.quotaBytes) })}</p>}
    </section>
  );
}
