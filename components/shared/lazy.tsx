import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { h, type ComponentType, type JSX, type VNode } from 'preact';
import { errorMessage } from '@/lib/errorMessage';
import { isolated, t } from '@/lib/i18n';

/** What a lazy component's placeholder gets besides the component's own props. */
export interface PlaceholderProps {
  /** Why the code did not load, with a Retry button; null while it is still loading. */
  failure: VNode | null;
}

export type LazyComponent<P> = ((props: P) => JSX.Element) & {
  /** Starts loading the code (once, or again after a failure); rejects if it failed. */
  preload: () => Promise<void>;
  /** True once the code is in: a component that reads it renders again when it arrives. */
  loaded: ReadonlySignal<boolean>;
};

type LoadState<P> = { status: 'waiting' } | { status: 'loaded'; component: ComponentType<P> } | { status: 'failed'; error: unknown };

function LoadFailed({ what, error, onRetry }: { what: () => string; error: unknown; onRetry: () => void }) {
  return (
    <p role="alert" class="error load-failed">
      {t('lazy.failed', { part: what(), error: isolated(errorMessage(error)) })}{' '}
      <button type="button" class="secondary" onClick={onRetry}>
        {t('lazy.retry')}
      </button>
    </p>
  );
}

/**
 * A component whose code (and the libraries only it needs) `load` brings in a chunk of its
 * own, so the panel's first load does not carry it. Until it is in, `Placeholder` renders with
 * the same props; a failed load shows there as `failure`, with a Retry. Once loaded, every
 * instance renders the real component directly (no extra frame, no Suspense boundary).
 * `what` names it in the error, asked for when the error shows (a message of `lazy.part`, docs/i18n.md): "This form".
 */
export function lazyComponent<P extends object>(
  what: () => string,
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P & PlaceholderProps>,
): LazyComponent<P> {
  const state = signal<LoadState<P>>({ status: 'waiting' });
  let loading: Promise<void> | null = null;

  /** Never rejects: the outcome is in `state`, where every instance renders it. */
  const start = (): Promise<void> => {
    if (loading) return loading;
    if (state.peek().status === 'failed') state.value = { status: 'waiting' };
    loading = load().then(
      (component) => void (state.value = { status: 'loaded', component }),
      (error: unknown) => {
        loading = null;
        state.value = { status: 'failed', error };
      },
    );
    return loading;
  };

  function Lazy(props: P): JSX.Element {
    const current = state.value;
    if (current.status === 'loaded') return h(current.component, props) as JSX.Element;
    // Idempotent: the first instance rendered starts the load; a failure waits for Retry.
    if (current.status === 'waiting') void start();
    const failure = current.status === 'failed' ? <LoadFailed what={what} error={current.error} onRetry={() => void start()} /> : null;
    return <Placeholder {...props} failure={failure} />;
  }

  return Object.assign(Lazy, {
    preload: () =>
      start().then(() => {
        const settled = state.peek();
        if (settled.status === 'failed') throw settled.error;
      }),
    loaded: computed(() => state.value.status === 'loaded'),
  });
}
