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

/** Every setting there is: what a file or another browser may carry. */
export const SETTING_FIELDS = ['requestTimeoutMinutes', 'clientMetadataUrl', 'protocolLog', 'registryUrl'] as const satisfies ReadonlyArray<
  keyof Settings
>;

/**
 * Settings read from what another browser or a file holds, each alone: a field this browser
 * would refuse (a timeout out of range, a bad URL, a value of the wrong type) is left out.
 */
export function readSettings(value: Record<string, unknown>): Partial<Settings> {
  const read: Record<string, unknown> = {};
  for (const key of SETTING_FIELDS) {
    const field = value[key];
    if (!['string', 'number', 'boolean'].includes(typeof field)) continue;
    try {
      changedSettings(DEFAULT_SETTINGS, { [key]: field });
      read[key] = field;
    } catch {
      // Left out: this browser cannot set it.
    }
  }
  return read as Partial<Settings>;
}
