import { t } from '../i18n';

const OFFLINE_ACCESS = 'offline_access';

/** How a sign-in's scopes read in the person's words. */
export function describeScopes(scope: string | null | undefined): string {
  const scopes = (scope ?? '').split(' ').filter(Boolean);
  return scopes.length > 0
    ? scopes.map((name) => (name === OFFLINE_ACCESS ? t('auth.scopes.offline', { name }) : name)).join(', ')
    : t('auth.scopes.none');
}

/**
 * `scope` without `offline_access`. spec 2026-07-28 basic/authorization, Refresh Tokens
 * (SEP-2207): a client MAY ask for it "when the Authorization Server metadata contains it in
 * `scopes_supported`", which the SDK's `auth()` decides for each authorization server it
 * talks to. So the scopes carried from one sign-in to the next (held, asked before, named by
 * a challenge) never carry it: another authorization server may not offer it.
 */
export function withoutOfflineAccess(scope: string | undefined): string | undefined {
  const kept = (scope ?? '').split(' ').filter((name) => name && name !== OFFLINE_ACCESS);
  return kept.length > 0 ? kept.join(' ') : undefined;
}
