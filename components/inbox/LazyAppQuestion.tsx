import { t } from '@/lib/i18n';
import type { InboxItem } from '@/lib/state';
import type { AppPorts } from '../apps/session';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { AppQuestionProps } from './AppQuestion';
import { EndButtons } from './EndButtons';

/** The app a Request is asked through (SEP-3118), if it names one. */
export function appNamed(request: InboxItem): string | undefined {
  return request.kind === 'input' && request.app && 'resourceUri' in request.app ? request.app.resourceUri : undefined;
}

/** Whether a Request's app can be shown here: it names one, and the panel can load it. */
export function appOf(request: InboxItem, ports: AppPorts | undefined): Pick<AppQuestionProps, 'resourceUri' | 'ports'> | null {
  const resourceUri = appNamed(request);
  if (resourceUri === undefined || !ports?.loadRequestApp) return null;
  return { resourceUri, ports: ports as AppQuestionProps['ports'] };
}

/** While its code loads: Decline and Cancel work at once. */
function Loading({ failure, decline, cancel }: AppQuestionProps & PlaceholderProps) {
  return (
    <>
      {failure ?? <p class="muted">{t('apps.loading')}</p>}
      <div class="actions">
        <EndButtons decline={decline} cancel={cancel} />
      </div>
    </>
  );
}

/** A question bound to an app, with the Apps host and its bridge in a chunk of their own: a Request without an app never loads them. */
export const LazyAppQuestion = lazyComponent<AppQuestionProps>(
  () => t('lazy.part.app'),
  () => import('./AppQuestion').then((module) => module.AppQuestion),
  Loading,
);
