import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { frontmatterMismatch, skillEntry, skillRefusal, verifyFile } from '../../../lib/mcp/skills';

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const entry = (resources: unknown, uri = 'skill://acme/refunds/SKILL.md') => ({ uri, frontmatter: { name: 'refunds', description: 'd' }, resources });

describe('skill entries (SEP-2640 at 753b9f2b)', () => {
  it('takes a complete entry and refuses one whose files are missing, outside, or without SKILL.md', () => {
    const ok = entry([{ uri: 'skill://acme/refunds/SKILL.md', digest: digest('x'), size: 1 }]);
    expect(skillEntry(ok).resources).toHaveLength(1);
    expect(() => skillEntry(entry(undefined))).toThrow(/neither a list of files nor "dynamic"/);
    expect(() => skillEntry(entry([{ uri: 'skill://other/SKILL.md', digest: digest('x'), size: 1 }]))).toThrow(/outside the skill/);
    expect(() => skillEntry(entry([{ uri: 'skill://acme/refunds/a.md', digest: digest('x'), size: 1 }]))).toThrow(/do not list SKILL.md/);
    expect(() => skillEntry(entry([{ uri: 'skill://acme/refunds/SKILL.md', digest: 'md5:00', size: 1 }]))).toThrow(/sha256/);
    expect(() => skillEntry(entry([], 'skill://acme/other/SKILL.md'))).toThrow(/does not end in the skill’s name/);
  });

  it('refuses past 512 files or 16 MiB, and a dynamic skill', () => {
    const many = Array.from({ length: 513 }, (_, index) => ({
      uri: `skill://acme/refunds/${index === 0 ? 'SKILL.md' : `f${index}`}`,
      digest: digest('x'),
      size: 1,
    }));
    expect(skillRefusal(skillEntry(entry(many)))).toMatch(/513 files, past the limit of 512/);
    const big = [{ uri: 'skill://acme/refunds/SKILL.md', digest: digest('x'), size: 16 * 1024 * 1024 + 1 }];
    expect(skillRefusal(skillEntry(entry(big)))).toMatch(/past the limit of 16\.0 MiB/);
    expect(skillRefusal(skillEntry(entry(big.map((file) => ({ ...file, size: 16 * 1024 * 1024 })))))).toBeUndefined();
    expect(skillRefusal(skillEntry(entry('dynamic')))).toMatch(/no digests/);
  });

  it('checks a read’s length before its digest', async () => {
    const file = { uri: 'skill://acme/refunds/SKILL.md', digest: digest('héllo'), size: 6 };
    await expect(verifyFile(file, { uri: file.uri, text: 'héllo' })).resolves.toBeUndefined();
    await expect(verifyFile(file, { uri: file.uri, blob: Buffer.from('héllo').toString('base64') })).resolves.toBeUndefined();
    await expect(verifyFile(file, { uri: file.uri, text: 'hello' })).rejects.toThrow(/5 bytes, but the skill’s entry says 6/);
    await expect(verifyFile(file, { uri: file.uri, text: 'hèllo' })).rejects.toThrow(/does not match its digest/);
  });

  it('compares the frontmatter field by field', () => {
    const text = '---\nname: refunds\ndescription: "Process refunds"\nmetadata:\n  version: "2"\n---\n# body';
    expect(frontmatterMismatch(text, { name: 'refunds', description: 'Process refunds', metadata: { version: '2' } })).toBeUndefined();
    expect(frontmatterMismatch(text, { name: 'refunds', description: 'Other', metadata: {} })).toMatch(/description: Process refunds/);
    expect(frontmatterMismatch(text, { name: 'refunds', description: 'Process refunds' })).toMatch(/field metadata the entry does not/);
    expect(frontmatterMismatch(text, { name: 'refunds', description: 'Process refunds', metadata: {}, license: 'MIT' })).toMatch(/license/);
    expect(frontmatterMismatch('# no frontmatter', { name: 'refunds' })).toMatch(/does not begin with YAML/);
  });
});
