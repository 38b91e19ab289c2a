/** The words to show for a thrown value: an Error's message, or whatever else was thrown as text. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
