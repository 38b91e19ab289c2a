import type { ContentBlock as Block } from '@modelcontextprotocol/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentBlock } from '../../../../components/content/ContentBlock';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { formatSize } from '../../../../lib/i18n/format';
import { readText } from '../../../readText';

afterEach(cleanup);
// Rendered, not its plain-text placeholder: the markdown code is loaded first.
beforeAll(() => MarkdownText.preload());

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQAAAAA=';

function show(block: Block, onRead?: (uri: string) => void) {
  return render(<ContentBlock block={block} onRead={onRead} />).container;
}

describe('ContentBlock', () => {
  it('renders text as markdown', () => {
    const view = show({ type: 'text', text: 'Deployed **3** replicas' });
    expect(view.querySelector('strong')?.textContent).toBe('3');
  });

  it('renders text that is a JSON object as pretty JSON, expanded', () => {
    const view = show({ type: 'text', text: '{"replicas":3,"ok":true}' });
    expect(view.querySelector('details')?.open).toBe(true);
    expect(view.querySelector('pre')?.textContent).toBe('{\n  "replicas": 3,\n  "ok": true\n}');
  });

  it('shows an image from its base64 data, with alt text', () => {
    show({ type: 'image', data: PIXEL, mimeType: 'image/png' });
    const image = screen.getByRole('img');
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${PIXEL}`);
    expect(image.getAttribute('alt')).toBe('Image (image/png)');
  });

  it('captions an image with its type and size, so even a 1×1 one is noticed', () => {
    show({ type: 'image', data: PIXEL, mimeType: 'image/png' });
    expect(screen.getByRole('figure').textContent).toBe(`image/png · ${formatSize(70)}`);
  });

  it('does not show an "image" whose MIME type is not an image, and offers it as a file', () => {
    const view = show({ type: 'image', data: PIXEL, mimeType: 'text/html' });
    expect(view.querySelector('img')).toBeNull();
    const save = screen.getByRole('link', { name: 'Save' });
    expect(save.getAttribute('href')).toMatch(/^data:application\/octet-stream;base64,/);
    expect(view.textContent).toContain('text/html');
  });

  it('says so when image data is not base64', () => {
    const view = show({ type: 'image', data: '"><script>alert(1)</script>', mimeType: 'image/png' });
    expect(view.querySelector('img, script')).toBeNull();
    expect(view.textContent).toContain('not valid base64');
  });

  it('plays audio from its base64 data', () => {
    const audio = show({ type: 'audio', data: WAV, mimeType: 'audio/wav' }).querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(`data:audio/wav;base64,${WAV}`);
    expect(audio?.hasAttribute('controls')).toBe(true);
  });

  it('does not play "audio" whose MIME type is not audio', () => {
    const view = show({ type: 'audio', data: WAV, mimeType: 'video/mp4' });
    expect(view.querySelector('audio')).toBeNull();
    expect(view.textContent).toContain('video/mp4');
  });

  it('shows a resource link with its URI as text, not as a link', () => {
    const view = show({
      type: 'resource_link',
      uri: 'https://files.example/report.pdf',
      name: 'report.pdf',
      title: 'Quarterly report',
      description: 'The Q3 numbers',
      mimeType: 'application/pdf',
      size: 2048,
      icons: [{ src: 'https://files.example/icon.png' }],
    });
    expect(view.querySelector('a, img')).toBeNull();
    expect(view.textContent).toContain('https://files.example/report.pdf');
    expect(view.textContent).toContain('Quarterly report');
    expect(view.textContent).toContain('The Q3 numbers');
    expect(view.textContent).toContain(`application/pdf · ${formatSize(2048)}`);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to read a linked resource when it can', () => {
    const onRead = vi.fn();
    show({ type: 'resource_link', uri: 'file:///notes.md', name: 'notes' }, onRead);
    fireEvent.click(screen.getByRole('button', { name: 'Read notes' }));
    expect(onRead).toHaveBeenCalledWith('file:///notes.md');
  });

  it('shows an embedded text resource as written', () => {
    const view = show({ type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: '# not a heading' } });
    expect(view.querySelector('pre')?.textContent).toBe('# not a heading');
    expect(view.querySelector('h1')).toBeNull();
    expect(view.textContent).toContain('file:///a.txt');
    expect(view.querySelectorAll('.content-resource')).toHaveLength(1);
  });

  it('renders an embedded markdown resource as markdown', () => {
    const view = show({ type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# Heading' } });
    expect(view.querySelector('h1')?.textContent).toBe('Heading');
  });

  it('shows an embedded image blob', () => {
    show({ type: 'resource', resource: { uri: 'file:///dot.png', mimeType: 'image/png', blob: PIXEL } });
    expect(screen.getByRole('img').getAttribute('src')).toBe(`data:image/png;base64,${PIXEL}`);
  });

  it('offers any other embedded blob as a file to save, with its size and type', () => {
    const view = show({ type: 'resource', resource: { uri: 'file:///docs/q3%20report.pdf', mimeType: 'application/pdf', blob: 'AAAA' } });
    const save = screen.getByRole('link', { name: 'Save' });
    expect(save.getAttribute('download')).toBe('q3_report.pdf');
    expect(view.textContent).toContain(`application/pdf · ${formatSize(3)}`);
  });

  it('notes a content type it does not know, without failing', () => {
    const view = show({ type: 'hologram', data: 'x' } as unknown as Block);
    expect(readText(view.textContent)).toBe('[unsupported content: hologram]');
  });

  it('marks a block meant only for the model', () => {
    const view = show({ type: 'text', text: 'internal', annotations: { audience: ['assistant'] } });
    expect(view.textContent).toContain('Meant for the model');
  });
});
