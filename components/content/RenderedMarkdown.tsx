import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { h, type ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { isolated, t } from '@/lib/i18n';
import type { UrlAnalysis } from '@/lib/urls';
import { useLinkVerdict } from './linkVerdicts';
import { UrlConsent } from './UrlConsent';
import { mediaDataUrl, mediaKind } from './dataUrl';

/** The props of `MarkdownText` (MarkdownText.tsx), which renders this once its code is in. */
export interface MarkdownTextProps {
  /** Markdown from a server: untrusted. */
  text: string;
}

/** The elements markdown itself produces; raw HTML is off, so nothing else should come. */
const MARKDOWN_TAGS = new Set([
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'input',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);
/** No `id` (a server heading must not take an id the panel uses), no `style` but table alignment, no handlers. */
const KEPT_PROPS = new Set(['key', 'className', 'class', 'title', 'alt', 'start', 'align', 'type', 'checked', 'lang']);

/**
 * A link in a server's markdown, judged as a URL Request's is (lib/urls.ts): a server writes the
 * link text, so `[your bank](https://xn--bnk-…)` must not open with one click. One the
 * consent card would warn about opens only through that card.
 */
function WarnedLink({ href, analysis, children }: { href: string; analysis: UrlAnalysis; children?: ComponentChildren }) {
  const [asking, setAsking] = useState(false);
  return (
    <span class="warned-link">
      <button type="button" class="link" aria-expanded={asking} title={href} onClick={() => setAsking(!asking)}>
        {children}
      </button>
      {asking && (
        <span class="card link-consent" role="group" aria-label={t('content.link.ask')}>
          <UrlConsent url={href} analysis={analysis} />
          <a href={href} target="_blank" rel="noopener noreferrer" onClick={() => setAsking(false)}>
            {t('content.link.openAnyway')}
          </a>{' '}
          <button type="button" class="secondary" onClick={() => setAsking(false)}>
            {t('content.link.cancel')}
          </button>
        </span>
      )}
    </span>
  );
}

/** A link as the worker judged it (linkVerdicts.ts): its text alone until the verdict comes. */
function MarkdownLink({ href, kept, children }: { href: string; kept: Record<string, unknown>; children?: ComponentChildren }) {
  const analysis = useLinkVerdict(href);
  if (!analysis) return h('span', kept, children);
  // Refused (not a web address, another scheme, plain http off this computer): its text only.
  if (!analysis.href || analysis.refused) return h('span', { ...kept, title: analysis.refused ?? undefined }, children);
  if (analysis.warnings.length > 0) return h(WarnedLink, { href: analysis.href, analysis }, children);
  // The title shows where the link really goes, whatever its text claims.
  return h('a', { ...kept, href: analysis.href, title: analysis.href, target: '_blank', rel: 'noopener noreferrer' }, children);
}

/** An image in markdown: a remote one is named, never fetched (servers' URLs are not prefetched). */
function MarkdownImage({ src, alt, title }: { src?: string; alt?: string; title?: string }) {
  const inline = src ? /^data:([^;,]+);base64,(.*)$/s.exec(src) : null;
  const local = inline ? mediaDataUrl(inline[1], inline[2]!) : null;
  if (local && mediaKind(inline?.[1]) === 'image') {
    return <img class="markdown-image" src={local} alt={alt ?? ''} title={title} />;
  }
  return (
    <span class="markdown-image-ref">
      {alt ? t('content.image.named', { alt: isolated(alt) }) : t('content.image.unnamed')}
      {src && !src.startsWith('data:') && (
        <code dir="ltr" translate={false}>
          {src}
        </code>
      )}
    </span>
  );
}

/**
 * Every element the compiler asks for goes through here: only markdown's own tags and a
 * few plain attributes pass, and links open only as MarkdownLink allows, in a new tab, without an opener.
 */
function safeElement(tag: unknown, props: Record<string, unknown> | null, ...children: ComponentChildren[]) {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props ?? {})) if (KEPT_PROPS.has(name)) kept[name] = value;
  const align = (props?.style as { textAlign?: unknown } | undefined)?.textAlign;
  if (align === 'left' || align === 'center' || align === 'right') kept.style = { textAlign: align };
  if (typeof tag !== 'string' || !MARKDOWN_TAGS.has(tag)) return h('span', kept, ...children);

  if (tag === 'img') {
    const { src, alt, title } = (props ?? {}) as { src?: string; alt?: string; title?: string };
    return h(MarkdownImage, { src, alt, title });
  }
  if (tag === 'input') return h('input', { ...kept, disabled: true });
  if (tag === 'a') {
    return typeof props?.href === 'string'
      ? h(MarkdownLink, { key: kept.key as string, href: props.href, kept }, ...children)
      : h('span', kept, ...children);
  }
  // The compiler keeps a table cell's padding spaces (`| 1 |` gives " 1 "): a cell's text is what is between them.
  if (tag === 'td' || tag === 'th') return h(tag, kept, ...trimmedEnds(children));
  return h(tag, kept, ...children);
}

/** The children with the first text's leading and the last text's trailing spaces gone (the compiler hands them as one array). */
function trimmedEnds(children: ComponentChildren[]): ComponentChildren[] {
  const trimmed = children.flat();
  const first = trimmed[0];
  if (typeof first === 'string') trimmed[0] = first.trimStart();
  const last = trimmed.at(-1);
  if (typeof last === 'string') trimmed[trimmed.length - 1] = last.trimEnd();
  return trimmed;
}

const HTML_RULES: string[] = [RuleType.htmlBlock, RuleType.htmlSelfClosing, RuleType.htmlComment];

const options: MarkdownToJSX.Options = {
  disableParsingRawHTML: true,
  // The compiler's own element objects are React's; Preact renders only what `h` makes.
  createElement: safeElement as unknown as MarkdownToJSX.Options['createElement'],
  wrapper: null,
  renderRule(next, node) {
    // Unreachable with raw HTML off; should the parser change, HTML is still not rendered.
    if (HTML_RULES.includes(node.type)) return null;
    return next();
  },
};

/**
 * `MarkdownText` once its code is in: a server's markdown as a person reads it, formatting
 * yes, its HTML and remote images no.
 */
export function RenderedMarkdown({ text }: MarkdownTextProps) {
  const rendered = useMemo(() => compiler(text, options) as ComponentChildren, [text]);
  // The server's words: the pseudo-locale's check leaves them out (docs/i18n.md), and their direction is their own.
  return (
    <div class="markdown" dir="auto" data-from="server">
      {rendered}
    </div>
  );
}
