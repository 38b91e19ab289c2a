/** Bytes as base64 text and back, in pieces (a backup's ciphertext runs to megabytes; one `String.fromCharCode(...bytes)` call would not take them). */

const PIECE = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += PIECE) binary += String.fromCharCode(...bytes.subarray(start, start + PIECE));
  return btoa(binary);
}

/** The bytes `text` encodes, or `undefined` when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
