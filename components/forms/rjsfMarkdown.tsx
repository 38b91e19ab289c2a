import { RenderedMarkdown } from '../content/RenderedMarkdown';

/**
 * rjsf's `Markdown` (it imports markdown-to-jsx/react for a few of its own messages: an
 * unsupported field, a file's name, a description a uiSchema asks to render as markdown).
 * rjsf.vite.ts (for the build and the unit tests) puts this module in that import's place, so
 * the form shares the panel's one markdown renderer and its rules (no HTML, links judged by
 * the worker) instead of shipping a second, larger markdown-to-jsx in the form's chunk.
 */
export function Markdown({ children }: { children?: string }) {
  return <RenderedMarkdown text={children ?? ''} />;
}
