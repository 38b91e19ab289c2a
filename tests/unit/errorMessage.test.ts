import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../lib/errorMessage';

describe('errorMessage', () => {
  it('says an Error’s message, or anything else thrown as text', () => {
    expect(errorMessage(new Error('socket hang up'))).toBe('socket hang up');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
  });

  it('adds the reason a server put in data.message (or data as text) behind a generic JSON-RPC error', () => {
    expect(errorMessage(new ProtocolError(-32603, 'Internal error', { message: 'Database "orders" is read-only' }))).toBe(
      'Internal error: Database "orders" is read-only',
    );
    expect(errorMessage(new ProtocolError(-32603, 'Internal error', 'disk full'))).toBe('Internal error: disk full');
  });

  it('shows the detail as one bounded line of text, and not twice', () => {
    const shown = errorMessage(new ProtocolError(-32603, 'Internal error', { message: `line one\nline two\u202e${'x'.repeat(5_000)}` }));
    expect(shown.startsWith('Internal error: line one line two x')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual('Internal error: '.length + 2_001);
    expect(shown.endsWith('…')).toBe(true);
    expect(errorMessage(new ProtocolError(-32602, 'Invalid params: bad', { message: 'bad' }))).toBe('Invalid params: bad');
  });

  it('ignores data that carries no text, and errors that are not JSON-RPC errors', () => {
    expect(errorMessage(new ProtocolError(-32042, 'URL elicitation required', { elicitations: [] }))).toBe('URL elicitation required');
    expect(errorMessage(Object.assign(new Error('fetch failed'), { data: { message: 'ignored' } }))).toBe('fetch failed');
  });
});
