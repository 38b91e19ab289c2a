import { formatDateTime, formatSize } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';
import type { SyncKind, SyncView } from '@/lib/sync/view';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';
import { Message } from '../shared/Message';

/** An entry's name: a server's or a saved call's is the person's own words; Settings and a server's pinned tools are named by toolnexus. */
const EntryName = ({ kind, name }: { kind: SyncKind; name: string }) =>
  kind === 'server' || kind === 'call' ? <Foreign text={name} from="person" /> : name;

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
          {sync.problem}
        </p>
      )}
      {sync && sync.conflicts.length > 0 && (
        <div role="status" class="sync-conflicts">
          <ul>
            {sync.conflicts.map((conflict) => (
              <li key={conflict.key}>
                {conflict.kept === 'here' ? (
                  <Message id="sync.conflictKeptHere" values={{ name: <EntryName {...conflict} />, time: formatDateTime(conflict.otherAt) }} />
                ) : (
                  <Message id="sync.conflictKeptThere" values={{ name: <EntryName {...conflict} /> }} />
                )}
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
                <span class="badge">{t('sync.localBadge')}</span> <EntryName {...item} />{' '}
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
      {sync && sync.unreadable.length > 0 && (
        <>
          <h3>{t('sync.unreadableTitle')}</h3>
          <p class="hint muted">{t('sync.unreadableHint')}</p>
          <ul class="sync-unreadable">
            {sync.unreadable.map((entry) => (
              <li key={entry.key}>{t('sync.unreadableEntry', { entry: entry.name, reason: entry.reason })}</li>
            ))}
          </ul>
        </>
      )}
      {sync?.needsSecrets.map((server) => (
        <p key={server.serverId}>
          <Message id="sync.needsSecrets" values={{ name: <Foreign text={server.name} from="person" /> }} />{' '}
          <button type="button" class="link" onClick={() => askSyncSecrets(server.serverId)}>
            {t('sync.askAgain')}
          </button>
        </p>
      ))}
      {sync?.enabled && <p class="muted">{t('sync.usage', { used: formatSize(sync.usage.bytes), quota: formatSize(sync.usage.quotaBytes) })}</p>}
    </section>
  );
}
