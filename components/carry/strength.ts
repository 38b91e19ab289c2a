/**
 * A passphrase's strength hint, by its length and the kinds of characters in it: a hint, not a
 * measure (the file's PBKDF2 count is what makes each guess cost). At least 8 characters, as
 * lib/backup/seal.ts requires (MIN_PASSPHRASE).
 */
export type Strength = 'short' | 'weak' | 'fair' | 'strong';

export function strength(passphrase: string): Strength {
  if (passphrase.length < 8) return 'short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^\da-zA-Z]/].filter((kind) => kind.test(passphrase)).length;
  const words = passphrase.trim().split(/\s+/).length;
  if (passphrase.length >= 20 || (words >= 4 && passphrase.length >= 16)) return 'strong';
  if (passphrase.length >= 12 && kinds >= 2) return 'fair';
  return 'weak';
}
