import { t } from '@/lib/i18n';
import { formatList } from '@/lib/i18n/format';

/** Says that what a server sent was shortened for the panel, so nobody takes it for the whole. */
export function CutNote({ cuts }: { cuts: string[] | undefined }) {
  if (!cuts?.length) return null;
  return (
    <p class="note cut" role="note">
      {t('content.cut', { cuts: formatList(cuts) })}
    </p>
  );
}
