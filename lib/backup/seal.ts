/**
 * The sealed file: the backup's contents encrypted with a key made from the person's passphrase.
 * WebCrypto only (the worker and Node have it as `crypto.subtle`): PBKDF2-HMAC-SHA-256 at
 * OWASP's count for it, 600,000 iterations (OWASP Password Storage Cheat Sheet, "PBKDF2"),
 * then AES-GCM with a 256-bit key. Argon2id, OWASP's first choice, exists here only in pure
 * JavaScript (@noble/hashes): 1.2-1.7 s of the worker's only thread at OWASP's 19 MiB, where
 * WebCrypto's PBKDF2 runs off it; the file names its KDF so a later version can move.
 *
 * One derivation (a 256-bit block: PBKDF2's cost is paid once a guess, by the person as by an
 * attacker) gives, through HKDF, the AES key and a check value kept in the clear: a wrong
 * passphrase is told apart from a damaged file without trying to decrypt. The clear header
 * (format, version, KDF and its parameters, salt, IV, check) is AES-GCM's additional data: a
 * header changed by a byte fails as the ciphertext does.
 */
import { parseBoundedJson } from '../boundedJson';
import { t } from '../i18n';
import { isRecord } from '../json';
import { fromBase64, toBase64 } from './base64';

export const BACKUP_FORMAT = 'toolnexus-backup';
export const BACKUP_VERSION = 1;
/** OWASP Password Storage Cheat Sheet: "PBKDF2 with a work factor of 600,000 or more ... HMAC-SHA-256". */
export const PBKDF2_ITERATIONS = 600_000;
/** What a file may ask for: more than a minute of derivation is no backup this version made. */
const MAX_ITERATIONS = 10_000_000;
const SALT_BYTES = 16;
/** NIST SP 800-38D: a 96-bit IV for AES-GCM. */
const IV_BYTES = 12;
const CHECK_BYTES = 16;
/** A backup's file holds History (2 MiB at most) and the rest: 64 MiB of text is no backup. */
export const MAX_BACKUP_CHARS = 64 * 1024 * 1024;
export const MIN_PASSPHRASE = 8;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  check: string;
}

export type BackupProblem = 'not-a-backup' | 'newer-version' | 'damaged' | 'wrong-passphrase' | 'too-large';

/** Why a file could not be opened, in words a person can act on; nothing was changed. */
export interface BackupError {
  ok: false;
  problem: BackupProblem;
  message: string;
}

/** WebCrypto's key type, as both the worker's and Node's typings name it. */
type AesKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.deriveKey>>;

const refusal = (problem: BackupProblem, message: string): BackupError => ({ ok: false, problem, message });
const damaged = (message: string): BackupError => refusal('damaged', message);

/** The header as AES-GCM's additional data: its fields in one fixed order, so the same header is always the same bytes. */
function additionalData(header: BackupHeader): Uint8Array<ArrayBuffer> {
  const { format, version, kdf, cipher, check } = header;
  const fixed = {
    format,
    version,
    kdf: { name: kdf.name, hash: kdf.hash, iterations: kdf.iterations, salt: kdf.salt },
    cipher: { name: cipher.name, iv: cipher.iv },
    check,
  };
  return new TextEncoder().encode(JSON.stringify(fixed));
}

/** The AES key and the check value made from `passphrase` with the header's KDF. */
async function keysFrom(passphrase: string, kdf: BackupHeader['kdf']): Promise<{ key: AesKey; check: string }> {
  const { subtle } = globalThis.crypto;
  const password = await subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(kdf.salt), iterations: kdf.iterations }, password, 256);
  const master = await subtle.importKey('raw', bits, 'HKDF', false, ['deriveKey', 'deriveBits']);
  const hkdf = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(info) });
  const key = await subtle.deriveKey(hkdf('toolnexus backup key'), master, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const check = await subtle.deriveBits(hkdf('toolnexus backup check'), master, CHECK_BYTES * 8);
  return { key, check: toBase64(new Uint8Array(check)) };
}

/** `plaintext` sealed with `passphrase`, as the file's text. @throws RangeError when the passphrase is too short. */
export async function seal(plaintext: string, passphrase: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (passphrase.length < MIN_PASSPHRASE) throw new RangeError(t('backup.passphraseTooShort', { min: String(MIN_PASSPHRASE) }));
  const random = (bytes: number) => toBase64(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
  const kdf: BackupHeader['kdf'] = { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: random(SALT_BYTES) };
  const { key, check } = await keysFrom(passphrase, kdf);
  const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, kdf, cipher: { name: 'AES-GCM', iv: random(IV_BYTES) }, check };
  const sealed = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: fromBase64(header.cipher.iv), additionalData: additionalData(header) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return `${JSON.stringify({ ...header, ciphertext: toBase64(new Uint8Array(sealed)) }, null, 1)}\n`;
}

/** The header of a file's text, or why it cannot be a backup this version opens; asks for no passphrase. */
export function readHeader(text: string): { header: BackupHeader; ciphertext: string } | BackupError {
  const parsed = parseBoundedJson(text, { maxChars: MAX_BACKUP_CHARS, maxDepth: 8 });
  if ('refused' in parsed && parsed.refused === 'too-large') {
    return refusal(
      'too-large',
      t('backup.fileTooLargeMb', { size: (text.length / 1024 / 1024).toFixed(0), max: String(MAX_BACKUP_CHARS / 1024 / 1024) }),
    );
  }
  const file = 'value' in parsed ? parsed.value : undefined;
  // Cut short or changed by hand: a backup's text, but no longer JSON of one.
  if (!('value' in parsed) && text.trimStart().startsWith('{') && text.includes(`"${BACKUP_FORMAT}"`)) return damaged(t('backup.damaged.cutShort'));
  if (!isRecord(file) || file.format !== BACKUP_FORMAT) return refusal('not-a-backup', t('backup.notABackup'));
  if (typeof file.version !== 'number' || !Number.isInteger(file.version)) return damaged(t('backup.damaged.noVersion'));
  if (file.version > BACKUP_VERSION) {
    return refusal('newer-version', t('backup.newerFormat', { format: String(file.version) }));
  }
  const { kdf, cipher, check, ciphertext } = file;
  if (!isRecord(kdf) || kdf.name !== 'PBKDF2' || kdf.hash !== 'SHA-256') {
    return isRecord(kdf) && typeof kdf.name === 'string' && kdf.name !== 'PBKDF2'
      ? refusal('newer-version', t('backup.unknownKdf', { kdf: kdf.name }))
      : damaged(t('backup.damaged.noKdf'));
  }
  if (typeof kdf.iterations !== 'number' || !Number.isInteger(kdf.iterations) || kdf.iterations < 1 || kdf.iterations > MAX_ITERATIONS) {
    return damaged(t('backup.damaged.iterations'));
  }
  if (!isRecord(cipher) || cipher.name !== 'AES-GCM') return damaged(t('backup.damaged.noCipher'));
  const bytes = (value: unknown, length?: number) => {
    const decoded = typeof value === 'string' ? fromBase64(value) : undefined;
    return decoded !== undefined && (length === undefined || decoded.length === length);
  };
  if (!bytes(kdf.salt, SALT_BYTES) || !bytes(cipher.iv, IV_BYTES) || !bytes(check, CHECK_BYTES) || !bytes(ciphertext)) {
    return damaged(t('backup.damaged.badBytes'));
  }
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: file.version,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: kdf.iterations, salt: kdf.salt as string },
    cipher: { name: 'AES-GCM', iv: cipher.iv as string },
    check: check as string,
  };
  return { header, ciphertext: ciphertext as string };
}

/** The text sealed in a file, or why it cannot be had. */
export async function unseal(text: string, passphrase: string): Promise<{ ok: true; plaintext: string } | BackupError> {
  const read = readHeader(text);
  if ('ok' in read) return read;
  const { header, ciphertext } = read;
  const { key, check } = await keysFrom(passphrase, header.kdf);
  if (check !== header.check) return refusal('wrong-passphrase', t('backup.wrongPassphrase'));
  try {
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(header.cipher.iv), additionalData: additionalData(header) },
      key,
      fromBase64(ciphertext)!,
    );
    return { ok: true, plaintext: new TextDecoder('utf-8', { fatal: true }).decode(plain) };
  } catch {
    return damaged(t('backup.damaged.changed'));
  }
}
