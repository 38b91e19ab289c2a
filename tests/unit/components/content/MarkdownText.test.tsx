import { act, cleanup, fireEvent, render, within } from '@testing-library/preact';
import { type ComponentChildren, h } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LinkCheckContext } from '../../../../components/content/linkVerdicts';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { type UrlAnalysis, urlJudge } from '../../../../lib/urls';
import { readText } from '../../../readText';

const analyzeUrl = await urlJudge();

afterEach(cleanup);

/** The worker's side of `checkLinks` (lib/hub/appLinks.ts), in this process. */
const checkLinks = vi.fn(async (urls: string[]) => urls.map(analyzeUrl));
// Rendered, not its plain-text placeholder: the markdown code is loaded first.
beforeAll(() => MarkdownText.preload());

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** Rendered with links judged as the worker judges them, once their verdicts have come. */
async function markdown(text: string): Promise<HTMLElement> {
  const { container } = render(<MarkdownText text={text} />, {
    wrapper: ({ children }: { children?: ComponentChildren }) => h(LinkCheckContext.Provider, { value: checkLinks }, children),
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return container as HTMLElement;
}

describe('MarkdownText', () => {
  it('renders markdown formatting as elements', async () => {
    const view = await markdown('# Title\n\nSome **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(view.querySelector('h1')?.textContent).toBe('Title');
    expect(view.querySelector('strong')?.textContent).toBe('bold');
    expect(view.querySelector('code')?.textContent).toBe('code');
    expect(view.querySelectorAll('li')).toHaveLength(2);
    expect(view.querySelector('td')?.textContent).toBe('1');
  });

  it('shows raw HTML as text and never as elements', async () => {
    const view = await markdown(
      '<script>window.pwned = true</script>\n\nhello <img src=x onerror="window.pwned=true"> <b>bold</b>\n\n<iframe src="https://evil.example"></iframe>\n\n<div onclick="x">block</div>',
    );
    expect(view.querySelector('script, iframe, b, .markdown div, [onerror], [onclick]')).toBeNull();
    expect(view.querySelector('img')).toBeNull();
    expect(view.textContent).toContain('<script>window.pwned = true</script>');
    expect(view.textContent).toContain('<b>bold</b>');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it.each([
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '[click me](  javascript:alert(1))',
    '[click me](data:text/html,<script>alert(1)</script>)',
    '[click me](vbscript:msgbox(1))',
    '[click me][ref]\n\n[ref]: javascript:alert(1)',
  ])('neutralizes a dangerous link: %s', async (text) => {
    const view = await markdown(text);
    expect(view.textContent).toContain('click me');
    expect(view.querySelector('a')).toBeNull();
  });

  it('keeps a javascript: autolink as text', async () => {
    const view = await markdown('<javascript:alert(1)>');
    expect(view.querySelector('a')).toBeNull();
  });

  it('opens http(s) links in a new tab without an opener', async () => {
    const link = (await markdown('[docs](https://example.com/docs)')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/docs');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('does not make a fragment or relative link that could act inside the panel', async () => {
    const view = await markdown('[top](#inbox-title) and [page](/options.html)');
    expect(view.querySelector('a')).toBeNull();
    expect(view.textContent).toContain('top');
  });

  it('names a remote image instead of loading it', async () => {
    const view = await markdown('![tracking pixel](https://evil.example/p.png)');
    expect(view.querySelector('img')).toBeNull();
    expect(readText(view.textContent)).toContain('image: tracking pixel');
    expect(view.textContent).toContain('https://evil.example/p.png');
    expect(view.querySelector('a')).toBeNull();
  });

  it('shows an inline base64 image, which loads nothing', async () => {
    const image = (await markdown(`![dot](data:image/png;base64,${PIXEL})`)).querySelector('img');
    expect(image?.getAttribute('src')).toBe(`data:image/png;base64,${PIXEL}`);
    expect(image?.getAttribute('alt')).toBe('dot');
  });

  it('gives server headings no ids that could collide with the panel', async () => {
    const view = await markdown('# inbox-title\n\nText[^1]\n\n[^1]: a note');
    expect(view.querySelector('[id]')).toBeNull();
  });

  it('renders task list checkboxes that cannot be toggled', async () => {
    const box = (await markdown('- [x] done')).querySelector('input');
    expect(box?.disabled).toBe(true);
  });
});

describe('Links in a server’s markdown, judged as a URL Request is', () => {
  it.each([
    ['a punycode host', '[your bank](https://xn--bnk-sna.example/login)', /internationalized name/],
    ['user@host', '[google](https://accounts.google.com@evil.example/)', /does not go to accounts\.google\.com/],
  ])('%s opens only through the warning card', async (_, text, warning) => {
    const view = await markdown(text);
    expect(view.querySelector('a')).toBeNull();
    const button = view.querySelector<HTMLButtonElement>('button.link')!;
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const card = within(view).getByRole('group', { name: 'Open this link?' });
    expect(readText(within(card).getByRole('list', { name: 'Warnings about this URL' }).textContent)).toMatch(warning);
    const open = within(card).getByRole('link', { name: 'Open anyway' });
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(view).queryByRole('group', { name: 'Open this link?' })).toBeNull();
  });

  it.each(['[plain](http://example.com/)', '[file](file:///etc/passwd)'])('%s is its text only, saying why', async (text) => {
    const view = await markdown(text);
    expect(view.querySelector('a, button')).toBeNull();
    expect(view.querySelector('span[title]')?.getAttribute('title')).toMatch(/refused/i);
  });

  it('a javascript: link is its text only (the markdown compiler drops its href first)', async () => {
    const view = await markdown('[run](javascript:alert(1))');
    expect(view.querySelector('a, button')).toBeNull();
    expect(view.textContent).toBe('run');
  });

  it('asks the worker once for every link of a text, and shows each as text until its verdict comes', async () => {
    let answer!: (analyses: UrlAnalysis[]) => void;
    const slow = vi.fn((urls: string[]) => new Promise<UrlAnalysis[]>((resolve) => (answer = () => resolve(urls.map(analyzeUrl)))));
    const { container } = render(<MarkdownText text={'[one](https://one.example/a) and [two](https://two.example/b)'} />, {
      wrapper: ({ children }: { children?: ComponentChildren }) => h(LinkCheckContext.Provider, { value: slow }, children),
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(slow.mock.calls).toEqual([[['https://one.example/a', 'https://two.example/b']]]);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('one and two');
    await act(async () => answer([]));
    expect([...container.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['https://one.example/a', 'https://two.example/b']);
  });

  it('opens no link where nobody judges links', async () => {
    // A URL no other test has had judged: verdicts are kept for the panel's life.
    const { container } = render(<MarkdownText text="[docs](https://unjudged.example/docs)" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('docs');
  });
});
