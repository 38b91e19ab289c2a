import { describe, expect, it, vi } from 'vitest';
import { AppLinks } from '../../../lib/hub/appLinks';

describe('a link an app asks to open', () => {
  it('is shown as the consent card shows it, and opened in a tab once agreed to', async () => {
    const open = vi.fn(async () => {});
    const links = new AppLinks(open);
    expect(await links.check('https://example.com/docs')).toMatchObject({ refused: null, href: 'https://example.com/docs' });
    await links.open('https://example.com/docs');
    expect(open).toHaveBeenCalledWith('https://example.com/docs', 'tab');
  });

  it('is never opened when no one should open it', async () => {
    const open = vi.fn(async () => {});
    const links = new AppLinks(open);
    expect((await links.check('javascript:alert(1)')).refused).toEqual(expect.any(String));
    await expect(links.open('javascript:alert(1)')).rejects.toThrow();
    await expect(links.open('not a url')).rejects.toThrow();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the links of a server’s markdown', () => {
  it('are judged in the worker, each as a URL Request is, in the order asked', async () => {
    const [clean, punycode, script] = await new AppLinks().checkAll([
      'https://example.com/docs',
      'https://xn--bnk-sna.example/login',
      'javascript:alert(1)',
    ]);
    expect(clean).toMatchObject({ refused: null, href: 'https://example.com/docs', warnings: [] });
    expect(punycode!.warnings.map((warning) => warning.code)).toContain('punycode');
    expect(script!.refused).toEqual(expect.any(String));
  });
});
