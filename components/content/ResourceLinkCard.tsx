import type { ResourceLink } from '@modelcontextprotocol/client';
import { formatBytes } from './dataUrl';

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
  const details = [link.mimeType, typeof link.size === 'number' ? formatBytes(link.size) : undefined].filter(Boolean);
  return (
    <div class="content-resource" role="group" aria-label={`Resource ${name}`}>
      <div class="content-resource-head">
        <strong>{name}</strong>
        {details.length > 0 && <span class="muted">{details.join(' · ')}</span>}
        {onRead && (
          <button type="button" class="secondary" aria-label={`Read ${name}`} onClick={() => onRead(link.uri)}>
            Read
          </button>
        )}
      </div>
      <code class="content-uri">{link.uri}</code>
      {link.description && <p class="muted">{link.description}</p>}
    </div>
  );
}
