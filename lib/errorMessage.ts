/** How much of a server's own detail (a JSON-RPC error's `data.message`) is shown. */
const MAX_DETAIL = 2_000;

/**
 * The words to show for a thrown value: an Error's message, or whatever else was thrown as
 * text. A JSON-RPC error whose message is generic and whose `data` carries the real reason
 * (mcp-lite answers -32603 "Internal error" with `data.message`) says that reason too, as
 * plain text, bounded.
 */
export const errorMessage = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const detail = serverDetail(error);
  return detail && !error.message.includes(detail) ? `${error.message}: ${detail}` : error.message;
};

function serverDetail(error: Error): string | undefined {
  if (typeof (error as { code?: unknown }).code !== 'number') return undefined;
  const data = (error as { data?: unknown }).data;
  const message = typeof data === 'string' ? data : typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : undefined;
  if (typeof message !== 'string') return undefined;
  // Control characters could fake lines in the panel or History; the detail is one line of text.
  const text = message.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text || undefined;
}
