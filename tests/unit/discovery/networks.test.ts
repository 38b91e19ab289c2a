import { describe, expect, it } from 'vitest';
import { crossesIntoPrivate, networkOf } from '../../../lib/discovery/networks';

const at = (url: string) => new URL(url);

describe('which network an address is on', () => {
  it.each([
    ['http://127.0.0.1:8080/', 'loopback'],
    ['http://localhost/', 'loopback'],
    ['http://app.localhost/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['https://10.1.2.3/', 'private'],
    ['https://172.20.0.1/', 'private'],
    ['https://192.168.1.1/', 'private'],
    ['https://169.254.169.254/', 'private'],
    ['https://100.64.0.1/', 'private'],
    ['https://[fd00::1]/', 'private'],
    ['https://[fe80::1]/', 'private'],
    ['https://[::ffff:192.168.0.1]/', 'private'],
    ['https://printer.local/', 'private'],
    ['https://wiki.corp/', 'private'],
    ['https://intranet/', 'private'],
    ['https://172.32.0.1/', 'public'],
    ['https://example.com/', 'public'],
    ['https://8.8.8.8/', 'public'],
  ])('%s is %s', (url, network) => {
    expect(networkOf(at(url))).toBe(network);
  });

  it('lets a public site send the extension only to public addresses', () => {
    expect(crossesIntoPrivate(at('https://shop.example/'), at('https://mcp.saas.example/'))).toBeNull();
    expect(crossesIntoPrivate(at('https://shop.example/'), at('https://192.168.0.1/'))).toBe(
      '192.168.0.1 is on a private network, and shop.example is not: a site may not send the extension there.',
    );
    expect(crossesIntoPrivate(at('https://shop.example/'), at('http://127.0.0.1:3000/'))).toContain('is on this computer');
  });

  it('never lets this computer and a private network point into each other', () => {
    expect(crossesIntoPrivate(at('http://127.0.0.1:3000/'), at('http://127.0.0.1:4000/'))).toBeNull();
    expect(crossesIntoPrivate(at('http://127.0.0.1:3000/'), at('https://10.0.0.1/'))).toContain('private network');
    expect(crossesIntoPrivate(at('https://10.0.0.2/'), at('https://10.0.0.1/'))).toBeNull();
    expect(crossesIntoPrivate(at('https://10.0.0.2/'), at('http://localhost/'))).toContain('this computer');
  });
});
