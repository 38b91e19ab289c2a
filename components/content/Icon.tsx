import { memo } from 'preact/compat';
import { pickIcon, type IconSpec } from '@/lib/icons';

export interface IconProps {
  icons: readonly IconSpec[] | undefined;
  /** The server's URL: only icons on its own origin (or data:) load. */
  serverUrl: string;
  /** Shown size in CSS pixels. */
  size: number;
}

/**
 * A server's icon for something, in the panel's theme; nothing when it has none the panel may
 * load. Memoized: its icons are the server's own objects, so a list drawn again (a filter
 * keystroke redraws a screen of rows and twenty group headings) leaves it alone.
 */
export const Icon = memo(function Icon({ icons, serverUrl, size }: IconProps) {
  const choice = pickIcon(icons, serverUrl, size);
  if (!choice) return null;
  const image = (
    <img class="icon" src={choice.light} width={size} height={size} alt="" referrerpolicy="no-referrer" loading="lazy" decoding="async" />
  );
  if (choice.dark === choice.light) return image;
  // Only the source for the current theme is requested.
  return (
    <picture>
      <source srcset={choice.dark} media="(prefers-color-scheme: dark)" />
      {image}
    </picture>
  );
});
