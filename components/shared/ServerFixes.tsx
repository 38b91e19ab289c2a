import { t } from '@/lib/i18n';
import type { ServerView } from '@/lib/state';
import { useActions } from './actions';

/** What a person does for a server that waits on them: grant its origin, or sign in. On its card and in its groups' headings alike. */
export function ServerFixes({ server }: { server: ServerView }) {
  const actions = useActions();
  return (
    <>
      {server.status === 'needs-permission' && (
        <button type="button" onClick={() => actions.grantAccess(server)}>
          {t('groups.grantAccess')}
        </button>
      )}
      {server.status === 'needs-authorization' && (
        <button type="button" onClick={() => actions.signIn(server.id)}>
          {t('groups.signIn')}
        </button>
      )}
    </>
  );
}
