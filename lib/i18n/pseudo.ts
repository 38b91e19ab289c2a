/**
 * The pseudo-locale (docs/i18n.md): English made to look foreign, so that a word the catalog
 * does not hold shows up at a glance (it stays plain ASCII), and so do layouts that break when
 * text grows (about 40 % longer, as German or French often are) or sentences pieced together
 * from fragments (each message is bracketed ⟦…⟧). Placeholders stay as they are.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'];
const accent = (text: string) => text.replace(/[a-zA-Z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!);

/** How much longer a pseudo message is than its English. */
export const PSEUDO_GROWTH = 0.4;
/** The language code the pseudo catalog says it is in: the pseudo-locale Chrome and Android use. */
export const PSEUDO_LOCALE = 'en-XA';

/** One message in the pseudo-locale: letters accented, `{placeholders}` kept, padded, bracketed. */
export function pseudoMessage(english: string): string {
  const accented = english
    .split(/(\{\w+\})/)
    .map((part, index) => (index % 2 === 1 ? part : accent(part)))
    .join('');
  // 40 % more characters, as words of up to five dots after a space, so that padded text still
  // wraps where a longer language would: " ····· ····· ··".
  const padding = Math.ceil(english.length * PSEUDO_GROWTH);
  const pad = Array.from({ length: padding }, (_, index) => (index % 6 === 0 ? ' ' : '·')).join('');
  return `⟦${accented}${pad}⟧`;
}

/** Whether visible text could have come from the pseudo catalog: it carries no plain Latin letter. */
export const looksPseudo = (text: string): boolean => !/[a-zA-Z]/.test(text);
