import { t } from '@/lib/i18n';
import type { ImportResult } from '@/lib/mcpJson';
import type { PolicyView } from '@/lib/policy/view';
import type { Settings } from '@/lib/state';
import { useActions } from '../shared/actions';
import { Message } from '../shared/Message';
import { ImportFile } from './ImportFile';
import { LazyFindServers } from './registry/LazyFindServers';
import { ServerForm } from './ServerForm';
import '../shell/help.css';

export interface WelcomeProps {
  imported: ImportResult | null;
  settings: Settings | undefined;
  /** The organisation's policy: what it turns off is said where it would be. */
  policy?: PolicyView;
}

/** The Inbox of a panel with no servers yet: what toolnexus is for, and the ways to add the first one. */
export function Welcome({ imported, settings, policy }: WelcomeProps) {
  const { addServer, showHelp } = useActions();
  return (
    <section class="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{t('servers.welcome.title')}</h1>
      <p>{t('servers.welcome.what')}</p>
      <p>{t('servers.welcome.inbox')}</p>
      <ServerForm id="welcome" submitLabel={t('servers.form.add')} onSubmit={addServer} />
      <ImportFile id="welcome-import" label={t('servers.welcome.import')} imported={imported} allowed={policy?.features.mcpJsonImport} />
      <p class="hint muted">
        <Message
          id="servers.welcome.noServer"
          values={{
            help: (
              <button type="button" class="link" onClick={() => showHelp(true)}>
                {t('help.findingServers')}
              </button>
            ),
          }}
        />
      </p>
      <LazyFindServers id="welcome-find" settings={settings} policy={policy} />
    </section>
  );
}
