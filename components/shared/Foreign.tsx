/**
 * Words that a server, a registry or a site wrote, shown as they came and never translated
 * (docs/i18n.md): isolated, so that their own direction (an Arabic or Hebrew name, or a
 * U+202E in a hostile one) cannot reorder the product's sentence around them, and marked with
 * where they came from (`data-from`; the pseudo-locale check leaves them out) and their
 * language when the sender said it (SEP-2792 `contentLanguage`).
 */
import type { ComponentChildren } from 'preact';

/** Who wrote the words: a server, a registry, a site, or the person (what they typed, a file of theirs). */
export type WrittenBy = 'server' | 'registry' | 'site' | 'person';

export interface ForeignProps {
  text: string;
  from?: WrittenBy;
  /** The language the sender said the text is in (BCP 47); absent when it did not say. */
  lang?: string;
}

/** A name, title or description of theirs: direction from its own first strong letter (`dir="auto"`), isolated. */
export function Foreign({ text, from = 'server', lang }: ForeignProps) {
  return (
    <bdi dir="auto" data-from={from} lang={lang}>
      {text}
    </bdi>
  );
}

/**
 * A URL or a host, always left to right and isolated: a URL's parts keep their order in a
 * right-to-left panel and around right-to-left labels, so the host a person reads is the host.
 */
export function ForeignUrl({ children, from = 'server' }: { children: ComponentChildren; from?: WrittenBy }) {
  return (
    <bdi dir="ltr" data-from={from} translate={false}>
      {children}
    </bdi>
  );
}

/**
 * A URL, an origin or a URI shown as code: left to right, never translated, marked as theirs
 * (the pseudo-locale's check leaves it out).
 */
export function ForeignCode({ children, class: className, from = 'server' }: { children: ComponentChildren; class?: string; from?: WrittenBy }) {
  return (
    <code class={className} dir="ltr" translate={false} data-from={from}>
      {children}
    </code>
  );
}
