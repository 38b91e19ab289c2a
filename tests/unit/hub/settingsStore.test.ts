import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../lib/hub/settings';
import { SettingsStore } from '../../../lib/hub/settingsStore';
import type { Settings } from '../../../lib/state';

function store(kept: Partial<Settings> = {}) {
  const saved: Array<Partial<Settings>> = [];
  const apply = vi.fn();
  const changed = vi.fn();
  const subject = new SettingsStore({ load: async () => kept, save: async (value) => void saved.push(value) }, apply, changed);
  return { subject, saved, apply, changed };
}

describe('the person’s settings', () => {
  it('are the defaults until what was saved is read, then that over the defaults, applied', async () => {
    const { subject, apply } = store({ requestTimeoutMinutes: 3 });
    expect(subject.current()).toBe(DEFAULT_SETTINGS);
    await subject.load();
    expect(subject.current()).toEqual({ ...DEFAULT_SETTINGS, requestTimeoutMinutes: 3 });
    expect(apply).toHaveBeenCalledWith(subject.current());
  });

  it('are applied, saved and shown when changed; a change that cannot be set changes nothing', async () => {
    const { subject, saved, apply, changed } = store();
    await subject.update({ requestTimeoutMinutes: 5 });
    expect(saved).toEqual([{ ...DEFAULT_SETTINGS, requestTimeoutMinutes: 5 }]);
    expect(apply).toHaveBeenLastCalledWith(saved[0]);
    expect(changed).toHaveBeenCalledOnce();
    await expect(subject.update({ requestTimeoutMinutes: 0 })).rejects.toThrow(RangeError);
    expect(subject.current().requestTimeoutMinutes).toBe(5);
    expect(saved).toHaveLength(1);
  });
});
