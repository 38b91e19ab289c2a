import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { SignInTraceProps } from './SignInTrace';

function Loading({ server, failure }: SignInTraceProps & PlaceholderProps) {
  return <section aria-label={`Sign-in trace of ${server.displayName}`}>{failure ?? <p class="muted">Loading the sign-in trace…</p>}</section>;
}

/** The sign-in trace's view is a chunk of its own: it is opened only when a sign-in needs looking into. */
export const LazySignInTrace = lazyComponent<SignInTraceProps>(
  () => t('lazy.part.signInTrace'),
  () => import('./SignInTrace').then((module) => module.SignInTrace),
  Loading,
);
