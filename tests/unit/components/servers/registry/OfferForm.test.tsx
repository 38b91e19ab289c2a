import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferForm } from '../../../../../components/servers/registry/OfferForm';
import type { OfferSource, RemoteOffer } from '../../../../../lib/registry/offer';
import { withActions } from '../../withActions';
import { readText } from '../../../../readText';

afterEach(cleanup);

const offer: RemoteOffer = {
  transport: 'streamable-http',
  urlTemplate: 'https://weather.example/t/{tenant}/mcp',
  origin: 'https://weather.example',
  variables: [{ name: 'tenant', description: 'Your tenant', isRequired: true, isSecret: false }],
  headers: [],
  warnings: [],
};
const source: OfferSource = { kind: 'registry', name: 'example.weather/mcp', from: 'https://registry.example' };

describe('the Add form of an offer', () => {
  it('says beside a path variable, as it is typed, that ".." would send the request elsewhere, and adds nothing', () => {
    const addServer = vi.fn();
    render(<OfferForm id="o" offer={offer} source={source} onDone={vi.fn()} />, withActions({ addServer }));
    const tenant = screen.getByLabelText(/^tenant/);
    fireEvent.input(tenant, { target: { value: '..' } });
    expect(tenant.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(
      tenant
        .getAttribute('aria-describedby')!
        .split(' ')
        .find((id) => id.endsWith('-problem'))!,
    );
    // As it reads: the publisher's name and the typed value are isolated (lib/i18n `isolated`), invisibly.
    expect(readText(said?.textContent)).toBe(
      'tenant cannot be “..”: it fills a whole part of the address’s path, and would send the request to another path on the server. Give another value.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(readText(screen.getByRole('alert').textContent)).toMatch(/^tenant cannot be “\.\.”/);
    expect(addServer).not.toHaveBeenCalled();

    fireEvent.input(tenant, { target: { value: 'acme' } });
    expect(tenant.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add server' }));
    expect(addServer).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://weather.example/t/acme/mcp' }));
  });
});
