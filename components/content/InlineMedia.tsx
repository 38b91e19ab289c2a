import { useState } from 'preact/hooks';
import { formatSize } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';
import { decodedSize, downloadDataUrl, fileNameFor, mediaDataUrl, mediaKind } from './dataUrl';

/** A MIME type as the server gave it: a token, never translated. */
const Type = ({ type }: { type: string }) => (
  <span translate={false} data-from="server">
    {type}
  </span>
);

export interface InlineMediaProps {
  /** Base64 bytes, as MCP sends images, audio and blobs. */
  data: string;
  mimeType?: string;
  /** Where the bytes came from, for a resource; names the saved file. */
  uri?: string;
}

/** Below this many pixels a side, an image is shown enlarged (and unblurred) so it can be seen at all. */
const TINY = 32;

/**
 * An image the server sent inline, framed and captioned with its type, size and pixel
 * dimensions (a 1×1 or transparent image is otherwise invisible); or a file to save when
 * it is not one a browser shows.
 */
export function InlineImage({ data, mimeType, uri }: InlineMediaProps) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const src = mediaKind(mimeType) === 'image' ? mediaDataUrl(mimeType, data) : null;
  if (!src) return <FileDownload data={data} mimeType={mimeType} uri={uri} />;
  const tiny = size !== null && (size.width < TINY || size.height < TINY);
  return (
    <figure class="content-image-frame">
      <img
        class={tiny ? 'content-image tiny' : 'content-image'}
        src={src}
        alt={t('content.image.alt', { type: mimeType ?? '' })}
        onLoad={(event) => {
          const image = event.currentTarget as HTMLImageElement;
          setSize({ width: image.naturalWidth, height: image.naturalHeight });
        }}
      />
      <figcaption class="muted">
        <Type type={mimeType ?? ''} /> · {formatSize(decodedSize(data))}
        {size && ` · ${t('content.image.pixels', { width: size.width, height: size.height })}`}
      </figcaption>
    </figure>
  );
}

/** Audio the server sent inline, with the browser's own player. */
export function InlineAudio({ data, mimeType, uri }: InlineMediaProps) {
  const src = mediaKind(mimeType) === 'audio' ? mediaDataUrl(mimeType, data) : null;
  if (!src) return <FileDownload data={data} mimeType={mimeType} uri={uri} />;
  return <audio class="content-audio" controls src={src} aria-label={t('content.audio.label', { type: mimeType ?? '' })} />;
}

/** Bytes the panel does not show: their size and type, and a Save link to keep them. */
export function FileDownload({ data, mimeType, uri }: InlineMediaProps) {
  const href = downloadDataUrl(data);
  return (
    <p class="content-file">
      <span>
        {mimeType ? <Type type={mimeType} /> : t('content.file.unknownType')} · {formatSize(decodedSize(data))}
      </span>{' '}
      {href ? (
        <a href={href} download={fileNameFor(uri)}>
          {t('content.file.save')}
        </a>
      ) : (
        <span class="error">{t('content.file.notBase64')}</span>
      )}
    </p>
  );
}

/** An image, audio or other blob, by its MIME type. */
export function InlineBlob(props: InlineMediaProps) {
  const kind = mediaKind(props.mimeType);
  if (kind === 'image') return <InlineImage {...props} />;
  if (kind === 'audio') return <InlineAudio {...props} />;
  return <FileDownload {...props} />;
}
