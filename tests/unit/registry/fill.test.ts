import { describe, expect, it } from 'vitest';
import { fillRemote } from '../../../lib/registry/fill';
import type { RemoteOffer } from '../../../lib/registry/offer';

const remote: RemoteOffer = {
  transport: 'streamable-http',
  urlTemplate: 'https://{tenant}.weather.example/mcp',
  origin: 'https://{tenant}.weather.example',
  variables: [{ name: 'tenant', description: '', isRequired: true, isSecret: false }],
  headers: [
    { name: 'X-Api-Key', description: '', isRequired: true, isSecret: true },
    { name: 'X-Units', description: '', isRequired: false, isSecret: false, default: 'metric' },
    { name: 'X-Client', description: '', isRequired: false, isSecret: false, fixed: 'toolnexus' },
  ],
  warnings: [],
};

describe('fillRemote', () => {
  it("fills the URL template and the headers, with defaults and the publisher's fixed values", () => {
    expect(fillRemote(remote, { 'var:tenant': 'acme', 'header:X-Api-Key': 'k', 'header:X-Client': 'mine' })).toEqual({
      url: 'https://acme.weather.example/mcp',
      headers: { 'X-Api-Key': 'k', 'X-Units': 'metric', 'X-Client': 'toolnexus' },
    });
  });

  it('names every required field left empty, and an address left unfilled', () => {
    expect(() => fillRemote(remote, { 'var:tenant': '  ' })).toThrow('Fill in tenant, X-Api-Key first: the publisher marks them required.');
    const open = { ...remote, variables: [{ ...remote.variables[0]!, isRequired: false }] };
    expect(() => fillRemote(open, { 'header:X-Api-Key': 'k' })).toThrow('The address still has {tenant} in it; give it a value.');
  });

  it('percent-encodes a value, so it cannot move the address to another host', () => {
    expect(() => fillRemote(remote, { 'var:tenant': 'evil.example/x@', 'header:X-Api-Key': 'k' })).toThrow(
      'With these values the address (https://evil.example%2Fx%40.weather.example/mcp) is not a web address.',
    );
    const inPath = { ...remote, urlTemplate: 'https://weather.example/{tenant}/mcp' };
    expect(fillRemote(inPath, { 'var:tenant': '../@evil.example', 'header:X-Api-Key': 'k' }).url).toBe(
      'https://weather.example/..%2F%40evil.example/mcp',
    );
  });

  describe("a header's own {variables}", () => {
    const token = { name: 'token', description: '', isRequired: true, isSecret: true };
    const bearer = (isRequired: boolean): RemoteOffer => ({
      ...remote,
      urlTemplate: 'https://weather.example/mcp',
      variables: [],
      headers: [
        { name: 'Authorization', description: '', isRequired, isSecret: false, fixed: 'Bearer {token}', variables: [{ ...token, isRequired }] },
      ],
    });

    it('puts the person’s value into the published one, as typed (a header is not a URL)', () => {
      expect(fillRemote(bearer(true), { 'header:Authorization/token': 'a/b+c=' }).headers).toEqual({ Authorization: 'Bearer a/b+c=' });
    });

    it('names a required one left empty, and leaves out an optional header rather than send it half-filled', () => {
      expect(() => fillRemote(bearer(true), {})).toThrow('Fill in token (Authorization) first: the publisher marks it required.');
      expect(fillRemote(bearer(false), {}).headers).toEqual({});
    });
  });
});
