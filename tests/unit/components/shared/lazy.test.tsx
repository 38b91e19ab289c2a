import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent, type PlaceholderProps } from '../../../../components/shared/lazy';

afterEach(cleanup);

interface GreetingProps {
  name: string;
}

const Greeting = ({ name }: GreetingProps) => <p>Hello, {name}</p>;
const Waiting = ({ name, failure }: GreetingProps & PlaceholderProps) => (
  <div>
    <p>Waiting for {name}</p>
    {failure}
  </div>
);

/** A loader whose every call waits until the test settles it. */
function controlledLoader() {
  const calls: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        calls.push({ resolve: () => resolve(Greeting), reject });
      }),
  );
  const settle = async (outcome: 'load' | Error) => {
    const call = calls.at(-1)!;
    await act(async () => (outcome === 'load' ? call.resolve() : call.reject(outcome)));
  };
  return { load, settle };
}

describe('lazyComponent', () => {
  it('shows the placeholder with the same props until the code is in, then the component, in every instance', async () => {
    const { load, settle } = controlledLoader();
    const Lazy = lazyComponent(() => 'The greeting', load, Waiting);
    render(
      <>
        <Lazy name="Ada" />
        <Lazy name="Alan" />
      </>,
    );
    expect(screen.getByText('Waiting for Ada')).toBeTruthy();
    expect(screen.getByText('Waiting for Alan')).toBeTruthy();
    expect(Lazy.loaded.value).toBe(false);

    await settle('load');
    expect(screen.getByText('Hello, Ada')).toBeTruthy();
    expect(screen.getByText('Hello, Alan')).toBeTruthy();
    expect(screen.queryByText(/Waiting/)).toBeNull();
    expect(Lazy.loaded.value).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once for preload and every instance, and renders the component at once after that', async () => {
    const { load, settle } = controlledLoader();
    const Lazy = lazyComponent(() => 'The greeting', load, Waiting);
    const preloaded = Lazy.preload();
    render(<Lazy name="Ada" />);
    await settle('load');
    await preloaded;
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load in the placeholder, which keeps what it shows, and loads again on Retry', async () => {
    const { load, settle } = controlledLoader();
    const Lazy = lazyComponent(() => 'The greeting', load, Waiting);
    render(<Lazy name="Ada" />);
    await settle(new Error('Failed to fetch dynamically imported module'));

    // The browser's reason, isolated in the sentence (docs/i18n.md).
    expect(screen.getByRole('alert').textContent).toContain(
      'The greeting could not be loaded (\u2068Failed to fetch dynamically imported module\u2069).',
    );
    expect(screen.getByText('Waiting for Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await settle('load');
    expect(screen.getByText('Hello, Ada')).toBeTruthy();
  });

  it('rejects a preload that failed, and tries again on the next', async () => {
    const { load, settle } = controlledLoader();
    const Lazy = lazyComponent(() => 'The greeting', load, Waiting);
    const first = Lazy.preload();
    await settle(new Error('offline'));
    await expect(first).rejects.toThrow('offline');

    const second = Lazy.preload();
    await settle('load');
    await expect(second).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    expect(Lazy.loaded.value).toBe(true);
  });
});
