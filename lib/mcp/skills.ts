/**
 * Skills over MCP: the `io.modelcontextprotocol/skills` extension, following SEP-2640 as written in
 * modelcontextprotocol/modelcontextprotocol `seps/2640-skills-extension.md` at commit 753b9f2b
 * (2026-08-21, "Format SEP-2640 and regenerate rendered docs").
 *
 * A skill is a directory of resources; `skills/list` and `skills/get` give each skill's entry: its
 * `SKILL.md` URI, its frontmatter, and every file with a SHA-256 digest and a size. toolnexus shows
 * the listing and reads a skill's files only when the person asks (the SEP: never ahead of need),
 * each read checked against the entry the host holds: the file must be listed, its byte length
 * must equal `size`, its bytes must hash to `digest`, and a `SKILL.md`'s frontmatter must equal the
 * entry's. Anything else is refused with why, and nothing unverified is shown as the skill.
 */
import type { Client, ReadResourceResult } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { isRecord } from '../json';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';
/** SEP-2640 Limits: every host must take skills up to these, and toolnexus takes none past them. */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;
/** A listing is read for at most this many pages: a server that pages forever cannot hold a connect open. */
const MAX_LIST_PAGES = 20;

export interface SkillFile {
  uri: string;
  digest: string;
  size: number;
}

export interface SkillEntry {
  uri: string;
  frontmatter: Record<string, unknown> & { name: string; description: string };
  /** Every file of the skill, or `dynamic`: generated content that offers no digests. */
  resources: SkillFile[] | 'dynamic';
}

/** A skill as the panel lists it: its entry's words, or why it cannot be read. */
export interface SkillView {
  uri: string;
  name: string;
  description: string;
  /** The URIs of its files, SKILL.md among them, each readable on its own. */
  files?: string[];
  bytes?: number;
  /** Why toolnexus will not read it (invalid entry, past the limits, no digests). */
  refused?: string;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** Checks one entry of `skills/list` or `skills/get` (SEP-2640 "Result fields", "Resources"); throws why it is not one. */
export function skillEntry(value: unknown): SkillEntry {
  if (!isRecord(value) || typeof value.uri !== 'string') throw new Error(t('mcp.skills.noUri'));
  const { uri, frontmatter, resources } = value;
  if (!isRecord(frontmatter) || typeof frontmatter.name !== 'string' || typeof frontmatter.description !== 'string')
    throw new Error(t('mcp.skills.noFrontmatter', { uri }));
  if (!uri.endsWith(`/${frontmatter.name}/SKILL.md`)) throw new Error(t('mcp.skills.uriNotName', { uri, name: frontmatter.name }));
  if (resources === 'dynamic') return { uri, frontmatter: frontmatter as SkillEntry['frontmatter'], resources };
  if (!Array.isArray(resources)) throw new Error(t('mcp.skills.badResources', { uri }));
  const root = uri.slice(0, -'SKILL.md'.length);
  const files = resources.map((file): SkillFile => {
    if (!isRecord(file) || typeof file.uri !== 'string' || typeof file.digest !== 'string' || !DIGEST.test(file.digest))
      throw new Error(t('mcp.skills.noDigest', { uri }));
    if (typeof file.size !== 'number' || !Number.isSafeInteger(file.size) || file.size < 0)
      throw new Error(t('mcp.skills.badSize', { file: file.uri }));
    if (!file.uri.startsWith(root)) throw new Error(t('mcp.skills.outside', { file: file.uri }));
    return { uri: file.uri, digest: file.digest, size: file.size };
  });
  if (!files.some((file) => file.uri === uri)) throw new Error(t('mcp.skills.noSkillMd', { uri }));
  return { uri, frontmatter: frontmatter as SkillEntry['frontmatter'], resources: files };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Why a skill is past SEP-2640's limits, or why it cannot be verified; nothing when it can be read. */
export function skillRefusal(skill: SkillEntry): string | undefined {
  if (skill.resources === 'dynamic') return t('mcp.skills.dynamic');
  const bytes = skill.resources.reduce((sum, file) => sum + file.size, 0);
  if (skill.resources.length > MAX_SKILL_FILES)
    return t('mcp.skills.tooManyFiles', { count: String(skill.resources.length), limit: String(MAX_SKILL_FILES) });
  if (bytes > MAX_SKILL_BYTES) return t('mcp.skills.tooLarge', { size: mib(bytes), max: mib(MAX_SKILL_BYTES) });
  return undefined;
}

/** The panel's line for an entry (checked or not). */
export function skillView(value: unknown): SkillView {
  try {
    const skill = skillEntry(value);
    const { name, description } = skill.frontmatter;
    const refused = skillRefusal(skill);
    if (skill.resources === 'dynamic') return { uri: skill.uri, name, description, refused };
    const bytes = skill.resources.reduce((sum, file) => sum + file.size, 0);
    return { uri: skill.uri, name, description, files: skill.resources.map((file) => file.uri), bytes, ...(refused && { refused }) };
  } catch (error) {
    const uri = isRecord(value) && typeof value.uri === 'string' ? value.uri : t('mcp.skills.noUriShown');
    const name = uri.split('/').at(-2) ?? uri;
    return { uri, name, description: '', refused: t('mcp.skills.invalidEntry', { error: (error as Error).message }) };
  }
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The raw bytes of a read's content: UTF-8 of `text`, or the decoded `blob`. */
function contentBytes(content: ReadResourceResult['contents'][number]): Uint8Array<ArrayBuffer> {
  if ('text' in content && typeof content.text === 'string') return new TextEncoder().encode(content.text);
  if ('blob' in content && typeof content.blob === 'string') return Uint8Array.from(atob(content.blob), (char) => char.charCodeAt(0));
  throw new Error(t('mcp.skills.noContent', { file: content.uri }));
}

/** SEP-2640 "Integrity and verification": the length first (a cut or padded read), then the digest. */
export async function verifyFile(file: SkillFile, content: ReadResourceResult['contents'][number]): Promise<void> {
  const bytes = contentBytes(content);
  if (bytes.length !== file.size)
    throw new Error(t('mcp.skills.wrongSize', { file: file.uri, bytes: String(bytes.length), listed: String(file.size) }));
  const digest = `sha256:${hex(await crypto.subtle.digest('SHA-256', bytes))}`;
  if (digest !== file.digest) throw new Error(t('mcp.skills.wrongDigest', { file: file.uri, digest: file.digest, actual: digest }));
}

const unquote = (value: string) => {
  const quoted = /^(["'])(.*)\1$/.exec(value);
  return quoted ? (quoted[2] ?? '') : value;
};

/**
 * SEP-2640: the host compares a fetched `SKILL.md`'s frontmatter field by field with the entry's.
 * toolnexus reads the YAML's top-level keys: each key must be in the entry and the entry's keys in
 * the YAML; a scalar written on the key's line must equal the entry's value as text. Nested values
 * (`metadata:` maps, lists) are compared by presence only: toolnexus carries no YAML parser.
 */
export function frontmatterMismatch(text: string, frontmatter: Record<string, unknown>): string | undefined {
  const block = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!block) return t('mcp.skills.noFrontmatterBlock');
  const written = new Map<string, string>();
  for (const line of (block[1] ?? '').split(/\r?\n/)) {
    const field = /^([A-Za-z0-9_-]+):\s*(.*?)\s*$/.exec(line);
    if (field?.[1]) written.set(field[1], unquote(field[2] ?? ''));
  }
  for (const [key, value] of written) {
    if (!(key in frontmatter)) return t('mcp.skills.extraField', { field: key });
    const listed = frontmatter[key];
    const scalar = typeof listed === 'string' || typeof listed === 'number' || typeof listed === 'boolean';
    if (scalar && value !== String(listed)) return t('mcp.skills.fieldDiffers', { field: key, value, other: String(listed) });
  }
  const missing = Object.keys(frontmatter).find((key) => !written.has(key));
  return missing && t('mcp.skills.missingField', { field: missing });
}

/** What a skill request may be stopped by (the Connection's CallOptions, without importing them back). */
type CallOptions = { signal?: AbortSignal };
type Send = (method: string, params: Record<string, unknown>, options?: CallOptions) => Promise<Record<string, unknown>>;

/** A raw request: the extension's methods are not in the SDK's tables, so results are checked here. */
export const sendExtension =
  (client: Client): Send =>
  (method, params, options) =>
    client.request({ method, params }, PASS_THROUGH, { signal: options?.signal }) as Promise<Record<string, unknown>>;

const PASS_THROUGH = {
  '~standard': { version: 1, vendor: 'toolnexus', validate: (value: unknown) => ({ value }) },
} as const;

/** `skills/list`, every page (each entry whole, per the SEP), up to `MAX_LIST_PAGES`. */
export async function listSkills(send: Send): Promise<SkillView[]> {
  const skills: SkillView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
    const result = await send('skills/list', cursor ? { cursor } : {});
    if (!Array.isArray(result.skills)) throw new Error(t('mcp.skills.noList'));
    skills.push(...result.skills.map(skillView));
    cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
    if (!cursor) break;
  }
  return skills;
}

/**
 * Reads one file of a skill (its `SKILL.md` unless `fileUri` says otherwise), verified against the
 * skill's current entry from `skills/get`: a file outside the entry, past the limits, of another
 * size or digest, or a `SKILL.md` whose frontmatter differs, is refused with why.
 */
export async function readSkillFile(
  send: Send,
  read: (uri: string, options?: CallOptions) => Promise<ReadResourceResult>,
  skillUri: string,
  fileUri = skillUri,
  options?: CallOptions,
): Promise<ReadResourceResult> {
  const got = await send('skills/get', { uri: skillUri }, options);
  const skill = skillEntry(got.skill);
  if (skill.uri !== skillUri) throw new Error(t('mcp.skills.otherSkill', { uri: skillUri, other: skill.uri }));
  const refused = skillRefusal(skill);
  if (refused || skill.resources === 'dynamic') throw new Error(t('mcp.skills.notRead', { name: skill.frontmatter.name, error: String(refused) }));
  const file = skill.resources.find((listed) => listed.uri === fileUri);
  if (!file) throw new Error(t('mcp.skills.notListed', { file: fileUri }));
  const result = await read(fileUri, options);
  const content = result.contents.find((item) => item.uri === fileUri);
  if (!content) throw new Error(t('mcp.skills.noContentFor', { file: fileUri }));
  await verifyFile(file, content);
  if (fileUri === skill.uri) {
    const mismatch = frontmatterMismatch('text' in content ? String(content.text) : '', skill.frontmatter);
    if (mismatch) throw new Error(t('mcp.skills.notRead', { name: skill.frontmatter.name, error: mismatch }));
  }
  return { ...result, contents: [content] };
}
