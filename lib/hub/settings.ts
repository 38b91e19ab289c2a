/** The person's settings for the whole extension, and which of them may be set. Pure. */
import { t } from '../i18n';
import type { Settings } from '../state';

export const DEFAULT_SETTINGS: Settings = { requestTimeoutMinutes: 10 };

/**
 * `current` with `patch` applied.
 * @throws RangeError, in words the person can act on, when the patch cannot be set.
 */
export function changedSettings(current: Settings, patch: Partial<Settings>): Settings {
  const minutes = patch.requestTimeoutMinutes ?? current.requestTimeoutMinutes;
  if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60) {
    throw new RangeError(t('errors.hub.requestTimeout'));
  }
  // spec (Client ID Metadata Documents): the client id is an https URL with a path.
  const metadataUrl = patch.clientMetadataUrl;
  if (metadataUrl && (!URL.canParse(metadataUrl) || new URL(metadataUrl).protocol !== 'https:' || new URL(metadataUrl).pathname === '/')) {
    throw new RangeError(t('errors.hub.clientMetadataUrl'));
  }
  return { ...current, ...patch };
}
