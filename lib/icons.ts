/**
 * Which of a server's icons (spec 2025-11-25 `icons` on the server, tools, resources and
 * prompts) the panel may load, and which fits. Privacy: an icon is a request the person did
 * not ask for, so only what cannot reach a third party loads — a `data:` image, or a URL on the
 * server's own origin (https, or loopback http for a server on this computer). Nothing else is
 * ever fetched.
 */

export interface IconSpec {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** A picked icon: one source for each theme the panel can be in (the same when the server gave one for both). */
export interface IconChoice {
  light: string;
  dark: string;
}

const IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i;
/** A data: icon past this is not an icon; it would bloat every state the panel is sent. */
const MAX_DATA_CHARS = 65_536;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** Whether the panel may load `src` for a server at `serverUrl`. */
export function loadableIcon(src: string, serverUrl: string): boolean {
  if (src.startsWith('data:')) return src.length <= MAX_DATA_CHARS && IMAGE_DATA.test(src);
  if (!URL.canParse(src) || !URL.canParse(serverUrl)) return false;
  const icon = new URL(src);
  const server = new URL(serverUrl);
  if (icon.origin !== server.origin || icon.username || icon.password) return false;
  return icon.protocol === 'https:' || (icon.protocol === 'http:' && LOOPBACK.test(icon.hostname));
}

/** The largest side an icon says it has, or Infinity for `any` (scalable). */
function largest(icon: IconSpec): number {
  const sides = (icon.sizes ?? []).map((size) => (size === 'any' ? Number.POSITIVE_INFINITY : Number.parseInt(size, 10))).filter((side) => side > 0);
  return sides.length > 0 ? Math.max(...sides) : 0;
}

/**
 * The icon to show at `px` CSS pixels (drawn at 2× for sharp screens): for each theme, a
 * loadable icon meant for it (or for any theme), the smallest that is big enough, else the
 * biggest. None when no icon may be loaded.
 */
export function pickIcon(icons: readonly IconSpec[] | undefined, serverUrl: string, px: number): IconChoice | undefined {
  const usable = (icons ?? []).filter((icon) => typeof icon?.src === 'string' && loadableIcon(icon.src, serverUrl));
  if (usable.length === 0) return undefined;
  const need = px * 2;
  const best = (theme: 'light' | 'dark') => {
    const fitting = usable.filter((icon) => icon.theme === theme);
    const pool = fitting.length > 0 ? fitting : usable.filter((icon) => icon.theme === undefined);
    const candidates = pool.length > 0 ? pool : usable;
    const bigEnough = candidates.filter((icon) => largest(icon) >= need).sort((a, b) => largest(a) - largest(b));
    return (bigEnough[0] ?? [...candidates].sort((a, b) => largest(b) - largest(a))[0]!).src;
  };
  return { light: best('light'), dark: best('dark') };
}
