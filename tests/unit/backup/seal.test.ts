// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../../lib/backup/base64';
import { MAX_BACKUP_CHARS, PBKDF2_ITERATIONS, readHeader, seal, unseal } from '../../../lib/backup/seal';

const PASS = 'correct horse battery';
/** Sealing at OWASP's count takes a second or two; the cases about the file's shape need no such cost. */
const FAST = 1_000;

/** The file as JSON, the fields these cases change typed loosely. */
type SealedFile = {
  kdf: Record<string, unknown> & { salt: string };
  cipher: Record<string, unknown> & { iv: string };
  ciphertext: string;
  [field: string]: unknown;
};
const fileOf = (text: string) => JSON.parse(text) as SealedFile;
const textOf = (file: Record<string, unknown>) => JSON.stringify(file);

describe('the sealed backup', () => {
  it('opens with its passphrase at OWASP’s PBKDF2 count, its parameters in the clear', async () => {
    const text = await seal('{"hello":"world"}', PASS);
    const file = fileOf(text);
    expect(file).toMatchObject({
      format: 'toolnexus-backup',
      version: 1,
      kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000 },
      cipher: { name: 'AES-GCM' },
    });
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    expect(fromBase64(file.kdf.salt)).toHaveLength(16);
    expect(fromBase64(file.cipher.iv)).toHaveLength(12);
    expect(text).not.toContain('hello');
    expect(await unseal(text, PASS)).toEqual({ ok: true, plaintext: '{"hello":"world"}' });
  });

  it('never seals the same way twice: a new salt and IV each time', async () => {
    const [a, b] = await Promise.all([seal('same', PASS, FAST), seal('same', PASS, FAST)]);
    expect(fileOf(a).kdf.salt).not.toBe(fileOf(b).kdf.salt);
    expect(fileOf(a).cipher.iv).not.toBe(fileOf(b).cipher.iv);
  });

  it('refuses a short passphrase', async () => {
    await expect(seal('x', 'short', FAST)).rejects.toThrow('at least 8 characters');
  });

  it('tells a wrong passphrase apart from a damaged file', async () => {
    const text = await seal('secret contents', PASS, FAST);
    expect(await unseal(text, 'not the passphrase')).toMatchObject({ ok: false, problem: 'wrong-passphrase' });
    const file = fileOf(text);
    const bytes = fromBase64(file.ciphertext)!;
    bytes[3] = bytes[3]! ^ 1;
    expect(await unseal(textOf({ ...file, ciphertext: toBase64(bytes) }), PASS)).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('fails when its clear header was changed, even in a field the key does not depend on', async () => {
    const file = fileOf(await seal('secret contents', PASS, FAST));
    // The version is bound by AES-GCM's additional data alone.
    expect(await unseal(textOf({ ...file, version: 0 }), PASS)).toMatchObject({ ok: false, problem: 'damaged' });
    const iv = fromBase64(file.cipher.iv)!;
    iv[0] = iv[0]! ^ 1;
    expect(await unseal(textOf({ ...file, cipher: { ...file.cipher, iv: toBase64(iv) } }), PASS)).toMatchObject({ ok: false, problem: 'damaged' });
    // A lowered iteration count derives another key: the file does not open.
    expect(await unseal(textOf({ ...file, kdf: { ...file.kdf, iterations: 999 } }), PASS)).toMatchObject({ ok: false });
  });

  it('refuses a file from a newer version, or sealed in a way it does not know, before asking for any work', async () => {
    const file = fileOf(await seal('x', PASS, FAST));
    expect(readHeader(textOf({ ...file, version: 2 }))).toMatchObject({
      ok: false,
      problem: 'newer-version',
      message: expect.stringContaining('format 2'),
    });
    expect(readHeader(textOf({ ...file, kdf: { name: 'argon2id', memoryKiB: 19_456 } }))).toMatchObject({ ok: false, problem: 'newer-version' });
    expect(readHeader(textOf({ ...file, kdf: { ...file.kdf, iterations: 1e12 } }))).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('says a file is not a backup, or is one cut short', async () => {
    for (const text of ['', 'hello', '{"format":"toolnexus-saved-calls","calls":[]}', '[1,2]', '<html><body>hi</body></html>']) {
      expect(readHeader(text)).toMatchObject({ ok: false, problem: 'not-a-backup' });
    }
    const text = await seal('x', PASS, FAST);
    expect(readHeader(text.slice(0, text.length / 2))).toMatchObject({ ok: false, problem: 'damaged' });
    expect(readHeader(textOf({ ...fileOf(text), ciphertext: '***' }))).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('refuses a 200 MB file, and one nested 10,000 deep, before parsing it', () => {
    const huge = `{"format":"toolnexus-backup","pad":"${'x'.repeat(200 * 1024 * 1024)}"}`;
    expect(huge.length).toBeGreaterThan(MAX_BACKUP_CHARS);
    expect(readHeader(huge)).toMatchObject({ ok: false, problem: 'too-large', message: expect.stringContaining('200 MB') });
    const deep = `{"format":"toolnexus-backup","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect(readHeader(deep)).toMatchObject({ ok: false, problem: 'damaged' });
  });
});
