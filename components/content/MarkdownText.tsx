import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { MarkdownTextProps } from './RenderedMarkdown';

/** The text as written, as plain text, while the markdown renderer loads (or if it cannot). */
function PlainText({ text, failure }: MarkdownTextProps & PlaceholderProps) {
  return (
    <div class="markdown" aria-busy={failure ? undefined : 'true'}>
      {failure}
      <p dir="auto" data-from="server">
        {text}
      </p>
    </div>
  );
}

/**
 * A server's markdown, rendered without its HTML (RenderedMarkdown.tsx). markdown-to-jsx comes
 * in a chunk of its own, which the panel fetches as soon as it has drawn its first state.
 */
export const MarkdownText = lazyComponent(
  () => t('lazy.part.markdown'),
  () => import('./RenderedMarkdown').then((module) => module.RenderedMarkdown),
  PlainText,
);
