import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundForPanel, type PanelBounds } from '../../lib/panelBounds';

const small: PanelBounds = { maxString: 10, maxItems: 3, maxKeys: 3, maxDepth: 4, maxTotal: 40 };

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { child: value };
  return value;
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('boundForPanel', () => {
  it('hands back the very same value when nothing needs cutting, so state patches skip it', () => {
    const value = { content: [{ type: 'text', text: 'hello' }], isError: false };
    const bounded = boundForPanel(value, small);
    expect(bounded.value).toBe(value);
    expect(bounded.cuts).toEqual([]);
  });

  it('shortens a long text and says how much is not shown', () => {
    const { value, cuts } = boundForPanel({ text: 'x'.repeat(25) }, small);
    expect(value.text).toBe(`${'x'.repeat(10)}… (15 more characters not shown)`);
    expect(cuts).toEqual(['texts longer than 10 characters were shortened']);
  });

  it('keeps the first items of a long list and the first fields of a wide object', () => {
    const { value, cuts } = boundForPanel({ list: [1, 2, 3, 4, 5], wide: { a: 1, b: 2, c: 3, d: 4 } }, small);
    expect(value.list).toEqual([1, 2, 3]);
    expect(Object.keys(value.wide)).toEqual(['a', 'b', 'c']);
    expect(cuts).toContain('lists longer than 3 items were shortened');
    expect(cuts).toContain('objects with more than 3 fields were shortened');
  });

  it('replaces what is nested too deep with a marker, however deep the input goes', () => {
    const { value, cuts } = boundForPanel(nested(3_500), small);
    expect(depthOf(value)).toBeLessThanOrEqual(small.maxDepth);
    expect(JSON.stringify(value)).toContain('nested too deep to show');
    expect(cuts).toEqual(['data nested deeper than 4 levels was left out']);
  });

  it('stops at the total budget across many small strings', () => {
    const { value, cuts } = boundForPanel(['aaaaaaaaaa', 'bbbbbbbbbb', { c: 'cccccccccc', d: 'dddddddddd' }], { ...small, maxTotal: 25 });
    expect(JSON.stringify(value).length).toBeLessThan(120);
    expect(cuts).toContain('everything past the first 25 characters was left out');
  });

  it('keeps a "__proto__" key from JSON as data instead of changing the copy\'s prototype', () => {
    const input = JSON.parse(`{"__proto__": {"polluted": true}, "text": "${'y'.repeat(20)}"}`) as Record<string, unknown>;
    const { value } = boundForPanel(input, small);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never lets any JSON value past the bounds', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (input) => {
        const { value } = boundForPanel(input, small);
        expect(depthOf(value)).toBeLessThanOrEqual(small.maxDepth);
        const strings: string[] = [];
        const collect = (item: unknown): void => {
          if (typeof item === 'string') strings.push(item);
          else if (typeof item === 'object' && item !== null) {
            if (Array.isArray(item)) expect(item.length).toBeLessThanOrEqual(small.maxItems);
            else expect(Object.keys(item).length).toBeLessThanOrEqual(small.maxKeys);
            Object.values(item).forEach(collect);
          }
        };
        collect(value);
        for (const text of strings) expect(text.replace(/… \(.*\)$/, '').length).toBeLessThanOrEqual(small.maxString);
      }),
      { numRuns: 300 },
    );
  });
});
