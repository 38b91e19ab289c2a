import { describe, expect, it } from 'vitest';
import { changedSettings, DEFAULT_SETTINGS } from '../../../lib/hub/settings';

describe('changing the settings', () => {
  it('keeps what the patch does not name', () => {
    const current = { requestTimeoutMinutes: 30, clientMetadataUrl: 'https://example.com/toolnexus.json' };
    expect(changedSettings(current, { requestTimeoutMinutes: 5 })).toEqual({
      requestTimeoutMinutes: 5,
      clientMetadataUrl: 'https://example.com/toolnexus.json',
    });
    expect(changedSettings(current, {})).toEqual(current);
  });

  it('lets Requests wait between one minute and a day, no less, no more, nothing that is not a number', () => {
    expect(changedSettings(DEFAULT_SETTINGS, { requestTimeoutMinutes: 1 }).requestTimeoutMinutes).toBe(1);
    expect(changedSettings(DEFAULT_SETTINGS, { requestTimeoutMinutes: 24 * 60 }).requestTimeoutMinutes).toBe(24 * 60);
    for (const minutes of [0, 0.5, 24 * 60 + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => changedSettings(DEFAULT_SETTINGS, { requestTimeoutMinutes: minutes })).toThrow('between 1 minute and 24 hours');
    }
  });

  it('takes a client metadata URL only as https with a path, and lets it be cleared', () => {
    expect(changedSettings(DEFAULT_SETTINGS, { clientMetadataUrl: 'https://example.com/toolnexus.json' }).clientMetadataUrl).toBe(
      'https://example.com/toolnexus.json',
    );
    for (const url of ['http://example.com/toolnexus.json', 'https://example.com/', 'https://example.com', 'not a url']) {
      expect(() => changedSettings(DEFAULT_SETTINGS, { clientMetadataUrl: url })).toThrow(RangeError);
    }
    expect(
      changedSettings({ ...DEFAULT_SETTINGS, clientMetadataUrl: 'https://example.com/a.json' }, { clientMetadataUrl: '' }).clientMetadataUrl,
    ).toBe('');
  });
});
