import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterTerms, fold, highlights, matchesAll, SEARCHED_CHARS } from '../../lib/find';

const find = (query: string, ...texts: string[]) =>
  matchesAll(
    texts.map((text) => fold(text)),
    filterTerms(query),
  );
const marked = (text: string, query: string) => highlights(fold(text), filterTerms(query)).map(([start, end]) => text.slice(start, end));

describe('a filter', () => {
  it('matches every word, in any field, whatever the case', () => {
    expect(find('pull REQUEST', 'create_pull_request', 'Create a pull request')).toBe(true);
    expect(find('pull merge', 'create_pull_request', 'Opens a PR; merge it later')).toBe(true);
    expect(find('pull issue', 'create_pull_request', 'Create a pull request')).toBe(false);
    expect(filterTerms('   ')).toEqual([]);
    expect(find('', 'anything')).toBe(true);
  });

  it('finds a look-alike with what it imitates: invisible characters and compatibility forms aside', () => {
    expect(find('deploy', 'de\u200Bploy')).toBe(true);
    expect(find('deploy', 'ｄｅｐｌｏｙ')).toBe(true);
    expect(find('deploy', 'deploy\u202E')).toBe(true);
  });

  it('highlights each place a word is, in the text’s own characters, merged where they touch', () => {
    expect(marked('list_issues and issue_comments', 'issue')).toEqual(['issue', 'issue']);
    expect(marked('Deploy the deployment', 'deploy ploy')).toEqual(['Deploy', 'deploy']);
    // The invisible character inside the match is highlighted with it, so the mark shows where it is.
    expect(marked('de\u200Bploy now', 'deploy')).toEqual(['de\u200Bploy']);
    expect(marked('𝐝𝐞𝐩𝐥𝐨𝐲 x', 'deploy')).toEqual(['𝐝𝐞𝐩𝐥𝐨𝐲']);
    expect(marked('aaaa', 'aa')).toEqual(['aaaa']);
  });

  it('searches a bounded head of a 10,000-character name, and bounds the highlights', () => {
    const name = `${'a'.repeat(SEARCHED_CHARS)}needle${'b'.repeat(10_000)}`;
    expect(find('needle', name)).toBe(false);
    expect(find('aaa', name)).toBe(true);
    expect(highlights(fold('x'.repeat(10_000)), ['x']).length).toBe(1);
    expect(highlights(fold('x y '.repeat(1_000)), ['x']).length).toBeLessThanOrEqual(50);
  });

  it('never highlights outside the text, whatever it is (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 4 }), (text, query) => {
        for (const [start, end] of highlights(fold(text), filterTerms(query))) {
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(text.length);
          expect(start).toBeLessThan(end);
        }
      }),
    );
  });
});
