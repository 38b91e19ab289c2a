import { describe, expect, it, vi } from 'vitest';
import { Changes } from '../../../lib/hub/changes';

describe('telling listeners of changes', () => {
  it('tells once for all the changes of one task, with the value as the task left it', async () => {
    let value = 0;
    const changes = new Changes(() => value);
    const listener = vi.fn();
    const stop = changes.subscribe(listener);
    value = 1;
    changes.changed();
    value = 2;
    changes.changed();
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener.mock.calls).toEqual([[2]]);
    stop();
    changes.changed();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledOnce();
  });
});
