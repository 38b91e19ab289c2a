import { describe, expect, it } from 'vitest';
import { parseBoundedJson } from '../../lib/boundedJson';

describe('parseBoundedJson', () => {
  it('reads JSON within its bounds, brackets inside strings and escaped quotes not counted', () => {
    expect(parseBoundedJson('{"a":["[[[[\\"{{{{", 1]}', { maxChars: 100, maxDepth: 2 })).toEqual({ value: { a: ['[[[["{{{{', 1] } });
  });

  it('refuses text past its length before reading it', () => {
    expect(parseBoundedJson('x'.repeat(11), { maxChars: 10, maxDepth: 5 })).toEqual({ refused: 'too-large', chars: 11, max: 10 });
  });

  it('refuses JSON nested 10,000 deep without parsing it', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseBoundedJson(deep, { maxChars: 1e6, maxDepth: 64 })).toEqual({ refused: 'too-deep', max: 64 });
    expect(parseBoundedJson(`{"a":${'{"a":'.repeat(9_999)}1${'}'.repeat(10_000)}`, { maxChars: 1e6, maxDepth: 64 })).toEqual({
      refused: 'too-deep',
      max: 64,
    });
  });

  it('says when text is not JSON', () => {
    expect(parseBoundedJson('{"a":', { maxChars: 100, maxDepth: 5 })).toEqual({ refused: 'not-json' });
  });
});
