import { useEffect, useState } from 'preact/hooks';

/** How often an open view reads the worker's again: what it shows is written there a moment after it happens. */
const LIVE_MS = 2_000;

/**
 * What `ask` answers, read when the view opens and again every 2 s while it is shown (the
 * protocol log, the sign-in trace); `failure` is why the last read failed. `set` shows a value
 * at once (a Clear), until the next read.
 */
export function useLiveAsk<T>(
  ask: () => Promise<T>,
  key: string,
): { value: T | null; failure: string | null; refresh: () => void; set: (value: T) => void } {
  const [value, setValue] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () =>
    void ask().then(
      (next) => {
        setValue(next);
        setFailure(null);
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, LIVE_MS);
    return () => clearInterval(timer);
  }, [key]);
  return { value, failure, refresh, set: setValue };
}
