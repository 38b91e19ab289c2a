/** The person's settings for the whole extension, and which of them may be set. Pure. */
import type { Settings } from '../state';

export const DEFAULT_SETTINGS: Settings = { requestTimeoutMinutes: 10 };

/**
 * `current` with `patch` applied.
 * @throws RangeError, in words the person can act on, when the patch cannot be set.
 */
export function changedSettings(current: Settings, patch: Partial<Settings>): Settings {
  const minutes = patch.requestTimeoutMinutes ?? current.requestTimeoutMinutes;
  if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60) {
    throw new RangeError('Requests can wait between 1 minute and 24 hours.');
  }
  // spec (Client ID Metadata Documents): the client id is an https URL with a path.
  const metadataUrl = patch.clientMetadataUrl;
  if (metadataUrl && (!URL.canParse(metadataUrl) || new URL(metadataUrl).protocol !== 'https:' || new URL(metadataUrl).pathname === '/')) {
    throw new RangeError('The client metadata URL must be an https: URL with a path, e.g. https://example.com/toolnexus.json.');
  }
  return { ...current, ...patch };
}
