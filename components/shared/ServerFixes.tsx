import { t } from '@/lib/i18n';
import type { ServerView } from '@/lib/state';
import { useActions } from './actions';

/**
 * What a person does for a server that waits on them: grant its origin, or sign in; or, while a
 * sign-in is tried again by itself (its authorization server did not answer: lib/hub/connections.ts),
 * try it again now. On its card and in its groups' headings alike.
 */
export function ServerFixes({ server }: { server: ServerView }) {
  const actions = useActions();
  const retrying = server.retryAt !== undefined;
  return (
    <>
      {server.status === 'needs-permission' && (
        <button type="button" onClick={() => actions.grantAccess(server)}>
          {t('groups.grantAccess')}
        </button>
      )}
      {server.status === 'needs-authorization' && (
        <button type="button" onClick={() => (retrying ? actions.reconnect : actions.signIn)(server.id)}>
          {retrying ? t('groups.tryAgain') : t('groups.signIn')}
        </button>
      )}
    </>
  );
}
