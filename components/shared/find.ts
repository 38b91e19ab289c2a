/**
 * The panel's one filter, over Tools, Resources and Prompts: what the person typed stays as
 * they move between those tabs; the panel's entry point focuses it on `/`. (The keys that move
 * from it into the list and along it are listKeys.ts, with the lists.)
 */
import { signal } from '@preact/signals';

export const findQuery = signal('');

/** The filter's input, for `/` to focus (entrypoints/sidepanel/keyboard.ts). */
export const FIND_INPUT_ID = 'find';
