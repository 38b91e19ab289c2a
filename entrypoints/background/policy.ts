/**
 * The organisation's policy as the browser hands it to the extension: `storage.managed`, which
 * Chrome fills from its managed policies (checked against public/managed-schema.json, and told
 * again through `storage.onChanged`, area `managed`, when they change) and Firefox from
 * policies.json → 3rdparty → Extensions → our id (read once, at its start: Firefox never fires
 * that event). ADMIN.md says how an admin sets it; lib/hub/orgPolicy.ts what is done with it.
 */
import browser from 'webextension-polyfill';
import type { PolicySource } from '@/lib/hub';
import { errorMessage } from '@/lib/errorMessage';

/** Firefox's answer when no policy names the extension: no policy, not "no answer". */
const NO_MANAGED_STORAGE = /managed storage manifest not found/i;

export function managedPolicy(): PolicySource {
  return {
    async read() {
      try {
        return await browser.storage.managed.get(null);
      } catch (error) {
        if (NO_MANAGED_STORAGE.test(errorMessage(error))) return {};
        console.error('toolnexus: the browser did not say what policy applies; the last one kept stays in force.', error);
        return undefined;
      }
    },
    onChange(listener) {
      browser.storage.onChanged.addListener((_changes, area) => {
        if (area === 'managed') listener();
      });
    },
  };
}
