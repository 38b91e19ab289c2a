/**
 * `data:` URLs for media a server sent inline. They are local bytes, so showing them
 * fetches nothing; the MIME type is the server's word and is checked before it is used.
 */

export type MediaKind = 'image' | 'audio' | 'other';

const ESSENCE = /^(image|audio)\/[a-z0-9][a-z0-9.+-]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `image/png; charset=x` → `image/png`, lower-cased; parameters are dropped. */
function essence(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** What a browser can show for this MIME type: an image, audio, or neither. */
export function mediaKind(mimeType: string | undefined): MediaKind {
  const match = ESSENCE.exec(essence(mimeType));
  return match ? (match[1] as 'image' | 'audio') : 'other';
}

function cleanBase64(data: string): string | null {
  const compact = data.replace(/\s+/g, '');
  return BASE64.test(compact) ? compact : null;
}

/**
 * A `data:` URL for an image or audio the server sent as base64, or null when the MIME
 * type is not `image/*` / `audio/*` or the data is not base64.
 */
export function mediaDataUrl(mimeType: string | undefined, data: string): string | null {
  const kind = mediaKind(mimeType);
  const base64 = cleanBase64(data);
  if (kind === 'other' || base64 === null) return null;
  return `data:${essence(mimeType)};base64,${base64}`;
}

/**
 * A `data:` URL to save any blob as a file. Always `application/octet-stream`, so the
 * browser downloads it rather than rendering what the server says it is (say, `text/html`).
 */
export function downloadDataUrl(data: string): string | null {
  const base64 = cleanBase64(data);
  return base64 === null ? null : `data:application/octet-stream;base64,${base64}`;
}

/** The number of bytes a base64 string decodes to. */
export function decodedSize(data: string): number {
  const compact = data.replace(/\s+/g, '');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((compact.length * 3) / 4) - padding);
}

/** A harmless file name from a resource URI: its last path segment, else `resource`. */
export function fileNameFor(uri: string | undefined): string {
  const last = (uri ?? '').split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  const safe = name
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return safe || 'resource';
}
