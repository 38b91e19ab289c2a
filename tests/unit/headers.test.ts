import { describe, expect, it } from 'vitest';
import { formatHeaderLines, HeaderLineError, parseHeaderLines } from '../../lib/headers';

describe('header lines', () => {
  it('reads Name: value lines, keeping colons in values and skipping blank lines', () => {
    expect(parseHeaderLines('X-Api-Key: abc\n\n  Authorization: Bearer a:b  \n')).toEqual({
      'X-Api-Key': 'abc',
      Authorization: 'Bearer a:b',
    });
  });
  it('round-trips', () => {
    const headers = { 'X-One': '1', 'X-Two': 'two words' };
    expect(parseHeaderLines(formatHeaderLines(headers))).toEqual(headers);
  });
  it('names the line that cannot be sent', () => {
    expect(() => parseHeaderLines('ok: 1\nno colon here')).toThrow(new HeaderLineError('Line 2: write headers as "Name: value".'));
    expect(() => parseHeaderLines('bad name: 1')).toThrow(HeaderLineError);
    expect(() => parseHeaderLines('Mcp-Session-Id: x')).toThrow('Line 1: Mcp-Session-Id is set by toolnexus itself.');
  });
});
