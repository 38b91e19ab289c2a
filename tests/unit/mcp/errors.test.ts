import { describe, expect, it } from 'vitest';
import { CallEndedError, CallError } from '../../../lib/mcp/errors';

describe('CallError', () => {
  it('carries the reason code branches on and the words the person reads', () => {
    const error = new CallError('timeout', 'Echo did not answer the call to slow for 60 s.');
    expect(error).toBeInstanceOf(Error);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('Echo did not answer the call to slow for 60 s.');
    expect(error.name).toBe('CallError');
    expect(String(error)).toBe('CallError: Echo did not answer the call to slow for 60 s.');
  });
});

describe('CallEndedError', () => {
  it('is told apart from a cancel by its class and name, so the inbox can say the Request was withdrawn', () => {
    const error = new CallEndedError('Echo ended the call this came with, so an answer could no longer be read.');
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CallError);
    expect(error.name).toBe('CallEndedError');
  });
});
