/**
 * Text as a person reads it: without the isolates (U+2066…U+2069) that keep a server's words and
 * a URL's parts in their own direction inside the product's sentences (docs/i18n.md). Tests that
 * check the words of a sentence read it so; tests of the isolation itself look at the raw text.
 */
export const readText = (text: string | null | undefined): string => (text ?? '').replace(/[\u2066-\u2069]/g, '');
