import { t } from '@/lib/i18n';

/** A Request's own Decline and Cancel: the card's, never an app's. */
export function EndButtons({ decline, cancel }: { decline: () => void; cancel: () => void }) {
  return (
    <>
      <button type="button" class="secondary" onClick={decline}>
        {t('inbox.request.decline')}
      </button>
      <button type="button" class="secondary" onClick={cancel}>
        {t('inbox.request.cancel')}
      </button>
    </>
  );
}
