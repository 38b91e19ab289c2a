/** The URL consent card's words come from the catalog; the host and the URL are the server's, isolated left to right. */
import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { UrlConsent } from '../../../../components/content/UrlConsent';
import { setCatalog } from '../../../../lib/i18n';
import { analyzeUrl } from '../../../../lib/urls';
import { nodeCatalog } from '../../../../locales/read';

afterEach(async () => {
  cleanup();
  setCatalog(await nodeCatalog('en'));
});

describe('UrlConsent', () => {
  it('says where the URL goes in the catalog’s words, the host and the URL isolated left to right as the server’s', async () => {
    const url = 'https://xn--mgbh0fb.example.com/connect?next=%E2%80%AE';
    const { container } = render(<UrlConsent url={url} analysis={await analyzeUrl(url)} />);
    const destination = container.querySelector('.destination')!;
    expect(destination.textContent).toMatch(/^Opens xn--mgbh0fb\.example\.com \(shown as مثال\.example\.com\)$/);
    const hosts = destination.querySelectorAll('bdi[dir="ltr"][data-from="server"]');
    expect([...hosts].map((host) => host.textContent)).toEqual(['xn--mgbh0fb.example.com', 'مثال.example.com']);
    expect(hosts[0]!.querySelector('mark')!.textContent).toBe('example.com');
    const full = container.querySelector('code[aria-label="Full URL"]')!;
    expect(full.getAttribute('dir')).toBe('ltr');
    expect(full.getAttribute('data-from')).toBe('server');
    expect(container.querySelector('ul.warnings')!.getAttribute('aria-label')).toBe('Warnings about this URL');
  });

  it('puts the host where the language’s sentence has it', async () => {
    setCatalog(await nodeCatalog('ja'));
    const url = 'https://accounts.example.com/x';
    const { container } = render(<UrlConsent url={url} analysis={await analyzeUrl(url)} />);
    expect(container.querySelector('.destination')!.textContent).toBe('accounts.example.com を開きます');
    expect(container.querySelector('code')!.getAttribute('aria-label')).toBe('完全な URL');
  });
});
