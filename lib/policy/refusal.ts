/**
 * How a refusal is said: its label and its one-sentence form. Apart from words.ts because the
 * panel's first load says it (a refused export) and must not carry the rest of the policy's words.
 */
import { t } from '../i18n';

/** What every locked or blocked thing is labelled with in the panel. */
export const setByOrganisation = (): string => t('policy.setByOrganisation');

/** One refusal in a sentence: what the panel's banners and errors say. `rule` is the policy's own key, as the admin wrote it. */
export const refusalSentence = (rule: string, reason: string): string => t('policy.refusal', { rule, reason });
