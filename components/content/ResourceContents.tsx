import type { BlobResourceContents, TextResourceContents } from '@modelcontextprotocol/client';
import { InlineBlob } from './InlineMedia';
import { MarkdownText } from './MarkdownText';

export interface ResourceContentsProps {
  /** One item of an embedded resource or of a resources/read result. */
  contents: TextResourceContents | BlobResourceContents;
  /** Show the contents' URI; off where the surrounding card already names it. */
  showUri?: boolean;
}

function TextContents({ text, mimeType }: { text: string; mimeType?: string }) {
  const type = (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/markdown') return <MarkdownText text={text} />;
  return <pre class="content-text">{text}</pre>;
}

/** A resource's contents: text as written (markdown rendered), blobs shown or saved. */
export function ResourceContents({ contents, showUri = true }: ResourceContentsProps) {
  return (
    <div class="content-resource" role="group" aria-label={`Resource ${contents.uri}`}>
      {(showUri || contents.mimeType) && (
        <div class="content-resource-head">
          {showUri && <code class="content-uri">{contents.uri}</code>}
          {contents.mimeType && <span class="muted">{contents.mimeType}</span>}
        </div>
      )}
      {'text' in contents && typeof contents.text === 'string' ? (
        <TextContents text={contents.text} mimeType={contents.mimeType} />
      ) : 'blob' in contents && typeof contents.blob === 'string' ? (
        <InlineBlob data={contents.blob} mimeType={contents.mimeType} uri={contents.uri} />
      ) : (
        <p class="muted">[resource without text or blob]</p>
      )}
    </div>
  );
}
