import { describe, expect, it } from 'vitest';
import { looksPseudo, PSEUDO_GROWTH, pseudoMessage } from '../../../lib/i18n/pseudo';

describe('the pseudo-locale', () => {
  it('accents every letter, keeps placeholders, brackets the message and makes it about 40 % longer', () => {
    const english = 'Opens {host} for {count} servers';
    const pseudo = pseudoMessage(english);
    expect(pseudo).toMatch(/^⟦Öþéñš \{host\} ƒöŕ \{count\} šéŕṽéŕš[ ·]+⟧$/);
    expect(pseudo.length - 2).toBe(english.length + Math.ceil(english.length * PSEUDO_GROWTH));
  });

  it('tells pseudo text from plain English, whatever part of a message a text node holds', () => {
    const [before, after] = pseudoMessage('Connected: {names}. Run their tools').split('{names}');
    expect(looksPseudo(before!)).toBe(true);
    expect(looksPseudo(after!)).toBe(true);
    expect(looksPseudo('3 ⚠ ?')).toBe(true);
    expect(looksPseudo('Loading…')).toBe(false);
  });
});
