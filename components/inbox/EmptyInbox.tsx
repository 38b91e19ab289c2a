import { t } from '@/lib/i18n';
import { listParts } from '@/lib/i18n/format';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';
import { Message } from '../shared/Message';

/** Nothing waits: which servers could ask (the connected ones, by name), and where their tools are. */
export function EmptyInbox({ connectedServers }: { connectedServers: string[] }) {
  const { selectTab } = useActions();
  // Each name as its server wrote it, isolated; the list's commas and "and" in the UI language.
  const names = listParts(connectedServers).map((part) => (part.type === 'element' ? <Foreign text={part.value} /> : part.value));
  return (
    <div class="empty muted">
      <p>{t('inbox.empty.nothingWaits')}</p>
      {connectedServers.length > 0 ? (
        <p>
          <Message
            id="inbox.empty.connected"
            values={{
              names: <span class="names">{names}</span>,
              toolsTab: (
                <button type="button" class="link" onClick={() => selectTab('tools')}>
                  {t('tabs.tools')}
                </button>
              ),
            }}
          />
        </p>
      ) : (
        <p>
          <Message
            id="inbox.empty.noneConnected"
            values={{
              serversTab: (
                <button type="button" class="link" onClick={() => selectTab('servers')}>
                  {t('tabs.servers')}
                </button>
              ),
            }}
          />
        </p>
      )}
    </div>
  );
}
