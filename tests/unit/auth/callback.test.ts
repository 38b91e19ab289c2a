import { describe, expect, it } from 'vitest';
import { readCallback, type ExpectedCallback } from '@/lib/auth/callback';
import { AuthorizationError } from '@/lib/auth/errors';

const expected: ExpectedCallback = {
  redirectUrl: 'https://abc.chromiumapp.org/',
  state: 'st-1',
  metadata: { issuer: 'https://as.example', authorization_response_iss_parameter_supported: true },
  serverName: 'Docs',
};

const codeOf = (landed: string, overrides: Partial<ExpectedCallback> = {}) => {
  try {
    return readCallback(landed, { ...expected, ...overrides });
  } catch (error) {
    return error instanceof AuthorizationError ? error.code : error;
  }
};

describe('readCallback', () => {
  it('gives the code and iss of a callback that matches the sign-in', () => {
    expect(codeOf('https://abc.chromiumapp.org/?code=c1&state=st-1&iss=https%3A%2F%2Fas.example')).toEqual({ code: 'c1', iss: 'https://as.example' });
  });

  it('refuses another address before reading anything in it', () => {
    expect(codeOf('https://evil.example/?code=c1&state=st-1')).toBe('redirect-mismatch');
    expect(codeOf('not a url')).toBe('redirect-mismatch');
  });

  it('checks state before the issuer and before an error the attacker could write', () => {
    expect(codeOf('https://abc.chromiumapp.org/?error=access_denied&state=other&iss=https%3A%2F%2Fevil')).toBe('state-mismatch');
    expect(codeOf('https://abc.chromiumapp.org/?code=c1&state=st-1', { state: undefined })).toBe('state-mismatch');
  });

  it('refuses a response from another issuer, and one without iss where the server promised it (RFC 9207)', () => {
    expect(codeOf('https://abc.chromiumapp.org/?code=c1&state=st-1&iss=https%3A%2F%2Fevil.example')).toBe('issuer-mismatch');
    expect(codeOf('https://abc.chromiumapp.org/?code=c1&state=st-1')).toBe('issuer-mismatch');
  });

  it("names the authorization server's refusal and a missing code", () => {
    expect(codeOf('https://abc.chromiumapp.org/?error=access_denied&state=st-1&iss=https%3A%2F%2Fas.example')).toBe('denied');
    expect(codeOf('https://abc.chromiumapp.org/?state=st-1&iss=https%3A%2F%2Fas.example')).toBe('invalid-callback');
  });
});
