import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManifestCard } from '../../../../../components/servers/registry/ManifestCard';
import type { ServerManifest } from '../../../../../lib/registry/serverJson';
import { readText } from '../../../../readText';

afterEach(cleanup);

const manifest: ServerManifest = {
  name: 'example.weather/mcp',
  description: 'Weather',
  version: '1.0.0',
  remotes: [],
  icons: [],
  skipped: [{ what: 'npm @example/weather', reason: 'it runs as a program.' }, { reason: 'it runs as a program.' }],
};

describe('a registry’s server that cannot run in a browser', () => {
  it('names each package as the registry does, marked as its words, and one it names not in the panel’s own words', () => {
    render(<ManifestCard manifest={manifest} from={{ kind: 'registry', from: 'https://registry.example' }} onOffer={vi.fn()} />);
    const [named, unnamed] = screen.getByRole('list', { name: /Not runnable in a browser/ }).querySelectorAll('li');
    expect(readText(named!.textContent)).toBe('Not runnable in a browser: npm @example/weather — it runs as a program.');
    expect(named!.querySelector('[data-from]')?.textContent).toContain('npm @example/weather');
    expect(readText(unnamed!.textContent)).toBe('Not runnable in a browser: a package with no name — it runs as a program.');
    expect(unnamed!.querySelector('[data-from]')).toBeNull();
  });
});
