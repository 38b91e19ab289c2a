import type { ResourceLink } from '@modelcontextprotocol/client';
import { formatSize } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';
import { Foreign, ForeignCode } from '../shared/Foreign';

export interface ResourceLinkCardProps {
  link: ResourceLink;
  /** Read the resource through the server; without it there is no Read button. */
  onRead?: (uri: string) => void;
}

/**
 * A resource the server points to. Its URI is shown as text, never as a link: the client
 * reads it through the server (resources/read), the browser does not fetch it.
 */
export function ResourceLinkCard({ link, onRead }: ResourceLinkCardProps) {
  const name = link.title || link.name;
  const size = typeof link.size === 'number' ? formatSize(link.size) : undefined;
  return (
    <div class="content-resource" role="group" aria-label={t('content.resource.label', { name })}>
      <div class="content-resource-head">
        <strong>
          <Foreign text={name} />
        </strong>
        {(link.mimeType || size) && (
          <span class="muted">
            {link.mimeType && (
              <span translate={false} data-from="server">
                {link.mimeType}
              </span>
            )}
            {link.mimeType && size && ' · '}
            {size}
          </span>
        )}
        {onRead && (
          <button type="button" class="secondary" aria-label={t('content.resource.readLabel', { name })} onClick={() => onRead(link.uri)}>
            {t('content.resource.read')}
          </button>
        )}
      </div>
      <ForeignCode class="content-uri">{link.uri}</ForeignCode>
      {link.description && (
        <p class="muted" dir="auto" data-from="server">
          {link.description}
        </p>
      )}
    </div>
  );
}
