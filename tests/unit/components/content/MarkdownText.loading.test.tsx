import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownText } from '../../../../components/content/MarkdownText';

afterEach(cleanup);

describe('MarkdownText before the markdown code is in', () => {
  it('shows the text as written, as text, then formatted', async () => {
    const text = 'Deployed **3** replicas\n<img src=x onerror="window.pwned=true">';
    const view = render(<MarkdownText text={text} />).container;
    expect(view.textContent).toBe(text);
    expect(view.querySelector('strong, img')).toBeNull();
    expect(view.querySelector('[aria-busy="true"]')).toBeTruthy();

    await vi.waitFor(() => expect(view.querySelector('strong')?.textContent).toBe('3'));
    expect(view.querySelector('img, [aria-busy]')).toBeNull();
    expect(view.textContent).toContain('<img src=x onerror="window.pwned=true">');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });
});
