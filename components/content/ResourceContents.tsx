import type { BlobResourceContents, TextResourceContents } from '@modelcontextprotocol/client';
import { t } from '@/lib/i18n';
import { InlineBlob } from './InlineMedia';
import { MarkdownText } from './MarkdownText';
import { ForeignCode } from '../shared/Foreign';

export interface ResourceContentsProps {
  /** One item of an embedded resource or of a resources/read result. */
  contents: TextResourceContents | BlobResourceContents;
  /** Show the contents' URI; off where the surrounding card already names it. */
  showUri?: boolean;
}

function TextContents({ text, mimeType }: { text: string; mimeType?: string }) {
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/markdown') return <MarkdownText text={text} />;
  return (
    <pre class="content-text" dir="auto" data-from="server">
      {text}
    </pre>
  );
}

/** A resource's contents: text as written (markdown rendered), blobs shown or saved. */
export function ResourceContents({ contents, showUri = true }: ResourceContentsProps) {
  return (
    <div class="content-resource" role="group" aria-label={t('content.resource.label', { name: contents.uri })}>
      {(showUri || contents.mimeType) && (
        <div class="content-resource-head">
          {showUri && <ForeignCode class="content-uri">{contents.uri}</ForeignCode>}
          {contents.mimeType && (
            <span class="muted" translate={false} data-from="server">
              {contents.mimeType}
            </span>
          )}
        </div>
      )}
      {'text' in contents && typeof contents.text === 'string' ? (
        <TextContents text={contents.text} mimeType={contents.mimeType} />
      ) : 'blob' in contents && typeof contents.blob === 'string' ? (
        <InlineBlob data={contents.blob} mimeType={contents.mimeType} uri={contents.uri} />
      ) : (
        <p class="muted">{t('content.resource.empty')}</p>
      )}
    </div>
  );
}
