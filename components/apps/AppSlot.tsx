/**
 * Where a result's MCP App goes, a chunk of its own (components/apps/LazyParts.tsx `LazyAppSlot`):
 * only a result with an app needs it, so the panel's first load and the first part of its catalog
 * carry neither its code nor its words.
 */
import { t, tn } from '@/lib/i18n';
import { useContext, useState } from 'preact/hooks';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { AppFrameProps } from './AppFrame';
import { type AppSlotProps, AppsContext } from './context';
import { MAX_LIVE_APPS } from './liveApps';

export { AppCallsLog } from './AppCallsLog';

function Loading({ call, failure }: AppFrameProps & PlaceholderProps) {
  return (
    <section class="app" aria-label={t('apps.label', { tool: call.tool })}>
      {failure ?? <p class="muted">{t('apps.loading')}</p>}
    </section>
  );
}

/** The Apps host and the official bridge are their own chunk: the panel's first load carries neither. */
export const LazyAppFrame = lazyComponent<AppFrameProps>(
  () => t('lazy.part.app'),
  () => import('./AppFrame').then((module) => module.AppFrame),
  Loading,
);

/** Where a result's MCP App goes: the app, or in words why there is none. */
export function AppSlot({ call, open }: AppSlotProps) {
  const apps = useContext(AppsContext);
  const [shown, setShown] = useState(open);
  const [inTab, setInTab] = useState(false);
  const [suspended, setSuspended] = useState(false);
  if (!call.app || call.appOf || !apps) return null;
  if ('problem' in call.app) return <p class="muted app-note">{call.app.problem}</p>;
  const server = apps.server(call.serverId);
  if (!server) return <p class="muted app-note">{t('apps.slot.serverRemoved')}</p>;
  if (!shown && !open) {
    return (
      <p class="app-note">
        <button type="button" class="secondary" onClick={() => setShown(true)}>
          {t('apps.slot.show')}
        </button>
      </p>
    );
  }
  if (suspended) {
    return (
      <p class="app-note app-suspended" role="status">
        <span class="muted">{tn('apps.slot.suspended', MAX_LIVE_APPS)}</span>{' '}
        <button type="button" class="secondary" onClick={() => setSuspended(false)}>
          {t('apps.slot.restart')}
        </button>
      </p>
    );
  }
  const { openTab } = apps.ports;
  if (inTab) {
    return (
      <p class="app-note">
        <span class="muted">{t('apps.slot.inTab')}</span>{' '}
        <button type="button" class="secondary" onClick={() => setInTab(false)}>
          {t('apps.slot.showHere')}
        </button>
      </p>
    );
  }
  return (
    <LazyAppFrame
      call={call}
      tools={server.tools}
      resources={server.resources}
      ports={apps.ports}
      onSuspend={() => setSuspended(true)}
      // One app at a time: the one here closes as its tab opens.
      onOpenTab={
        openTab &&
        (() => {
          openTab(call.id);
          setInTab(true);
        })
      }
    />
  );
}
