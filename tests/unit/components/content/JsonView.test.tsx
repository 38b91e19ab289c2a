import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonView } from '../../../../components/content/JsonView';

afterEach(cleanup);

describe('JsonView', () => {
  it('is folded behind its label, which says the shape', () => {
    const { container } = render(<JsonView label="Structured content" value={{ a: 1, b: [1, 2] }} />);
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(container.querySelector('summary')?.textContent).toBe('Structured content (2 keys)');
    expect(container.querySelector('pre')?.textContent).toBe(JSON.stringify({ a: 1, b: [1, 2] }, null, 2));
  });

  it('can start open', () => {
    const { container } = render(<JsonView label="JSON" value={[1]} open />);
    expect(container.querySelector('details')?.open).toBe(true);
    expect(screen.getByText('(1 item)')).toBeTruthy();
  });

  it('opens from its summary', () => {
    const { container } = render(<JsonView label="JSON" value={null} />);
    fireEvent.click(screen.getByText('JSON', { exact: false }));
    expect(container.querySelector('details')?.open).toBe(true);
  });

  it('shows server strings as text', () => {
    const { container } = render(<JsonView label="JSON" value={{ html: '<img src=x onerror=alert(1)>' }} open />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
