import { describe, expect, it } from 'vitest';
import { lookalikes, nameMarks, skeleton } from '../../lib/names';

const shown = (name: string) => nameMarks(name).map(({ kind, label, start, end }) => ({ kind, label, text: name.slice(start, end) }));

describe('what makes a name look like another', () => {
  it('is nothing for a plain name, or one in a single script', () => {
    expect(nameMarks('list_issues')).toEqual([]);
    expect(nameMarks('café_crème')).toEqual([]);
    expect(nameMarks('развернуть')).toEqual([]);
  });

  it('marks invisible characters, odd spaces and a space at either end, with their code points', () => {
    expect(shown('de\u200Bploy')).toEqual([{ kind: 'hidden', label: 'U+200B', text: '\u200B' }]);
    expect(shown('deploy\u202E')).toEqual([{ kind: 'hidden', label: 'U+202E', text: '\u202E' }]);
    expect(shown('deploy ')).toEqual([{ kind: 'hidden', label: 'U+0020', text: ' ' }]);
    expect(shown('run\u00A0it')).toEqual([{ kind: 'hidden', label: 'U+00A0', text: '\u00A0' }]);
  });

  it('marks letters of another script among Latin ones, and compatibility forms', () => {
    expect(shown('dеploy')).toEqual([{ kind: 'lookalike', label: 'Cyrillic “е”, U+0435', text: 'е' }]);
    expect(shown('ｄeploy')[0]).toEqual({ kind: 'lookalike', label: 'looks like “d”, U+FF44', text: 'ｄ' });
  });

  it('tells which names of a list look alike, and only those', () => {
    const names = ['deploy', 'dеploy', 'de\u200Bploy', 'ｄｅｐｌｏｙ', 'deploy_all', 'status'];
    const alike = lookalikes(names);
    expect(alike.get('deploy')).toEqual(['dеploy', 'de\u200Bploy', 'ｄｅｐｌｏｙ']);
    expect(alike.get('dеploy')).toContain('deploy');
    expect(alike.has('deploy_all')).toBe(false);
    expect(alike.has('status')).toBe(false);
    expect(skeleton('Dеploy\u200B')).toBe('deploy');
  });
});
