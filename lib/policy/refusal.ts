/**
 * How a refusal is said: its label and its one-sentence form. Apart from words.ts because the
 * panel's first load says it (a refused export) and must not carry the rest of the policy's words.
 */

/** What every locked or blocked thing is labelled with in the panel. */
export const SET_BY_ORGANISATION = 'Set by your organisation';

/** One refusal in a sentence: what the panel's banners and errors say. */
export const refusalSentence = (rule: string, reason: string): string => `${SET_BY_ORGANISATION} (${rule}): ${reason}`;
