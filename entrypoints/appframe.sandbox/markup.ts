/**
 * The app's own markup without documents nested in it (`srcdoc`), which would run script in a
 * realm the prelude never saw (lib/apps/prelude.ts). Most apps have none: the markup is parsed
 * and written again only when the word appears at all.
 */
export function withoutNestedDocuments(html: string): string {
  if (!/srcdoc/i.test(html)) return html;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const strip = (root: ParentNode) => {
    for (const element of root.querySelectorAll('[srcdoc]')) element.removeAttribute('srcdoc');
    for (const template of root.querySelectorAll('template')) strip(template.content);
  };
  strip(parsed);
  const doctype = parsed.doctype ? `<!doctype ${parsed.doctype.name}>` : '';
  return doctype + parsed.documentElement.outerHTML;
}
