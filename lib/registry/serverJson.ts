/**
 * A strict reader of `server.json`, the MCP Registry's manifest format: each remote becomes an
 * offer the add-server form can take (lib/registry/fill.ts fills it in).
 *
 * Follows the registry's schema revision 2025-12-11
 * (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json), checked against
 * the `ServerDetail` of modelcontextprotocol/registry docs/reference/api/openapi.yaml at commit
 * dd37eb6 (API 2025-12-01, the one it is generated from): camelCase fields (`isRequired`,
 * `isSecret`, `websiteUrl`), remotes of type `streamable-http` or `sse` with `{variable}`
 * templates in the URL and declared headers (`KeyValueInput`: a `value` set by the publisher
 * "should not be configurable by end users", so it is sent as given, not asked).
 *
 * A browser can only reach a server over HTTP, so `packages` (npm, pypi, oci, nuget, mcpb: all
 * started as a local program over stdio or run in a container) are listed as skipped with why,
 * never dropped silently. Pure: no DOM, no fetch.
 */
import { t } from '../i18n';
import { type IconSpec, loadableIcon } from '../icons';
import { refusalOf, refusalReason, type UrlJudge } from '../urls';
import { type InputField, type RemoteOffer, VARIABLE } from './offer';
import { originWarnings, templateOrigin } from './trust';
import { isRecord } from '../json';

/** A `server.json` larger than this is not a manifest; the schema's own fields are all short. */
export const MAX_SERVER_JSON_CHARACTERS = 256 * 1024;
/** The schema's bounds (server.schema.json `maxLength`). */
const MAX_NAME = 200;
const MAX_DESCRIPTION = 100;
const MAX_TITLE = 100;
const MAX_VERSION = 255;
const NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface SkippedPart {
  /** The package as the registry names it (its type and identifier); absent when it names neither. */
  what?: string;
  reason: string;
}

export interface ServerManifest {
  name: string;
  title?: string;
  description: string;
  version: string;
  websiteUrl?: string;
  /** Only `data:` icons under the panel's bound: an icon from anywhere else is a request to a third party. */
  icons?: IconSpec[];
  remotes: RemoteOffer[];
  skipped: SkippedPart[];
}

/** The manifest does not match the schema; `problems` says each thing wrong, by its path. */
export class ServerJsonError extends Error {
  constructor(readonly problems: string[]) {
    super(t('registry.serverJson.notMatching', { problems: problems.join('; ') }));
    this.name = 'ServerJsonError';
  }
}

function text(problems: string[], value: unknown, path: string, max: number, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0) {
    problems.push(t('registry.serverJson.emptyString', { path }));
    return undefined;
  }
  if (value.length > max) {
    problems.push(t('registry.serverJson.tooLong', { path, length: String(value.length), max: String(max) }));
    return undefined;
  }
  return value;
}

function readField(problems: string[], raw: unknown, path: string, name: string): InputField | undefined {
  if (!isRecord(raw)) {
    problems.push(t('registry.serverJson.notObject', { path }));
    return undefined;
  }
  const field: InputField = {
    name,
    description: text(problems, raw.description, `${path}.description`, 1000, false) ?? '',
    isRequired: raw.isRequired === true,
    isSecret: raw.isSecret === true,
  };
  for (const flag of ['isRequired', 'isSecret'] as const) {
    if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') problems.push(t('registry.serverJson.notBoolean', { path: `${path}.${flag}` }));
  }
  if (raw.default !== undefined) field.default = text(problems, raw.default, `${path}.default`, 4096, true);
  if (raw.value !== undefined) field.fixed = text(problems, raw.value, `${path}.value`, 4096, true);
  if (raw.choices !== undefined) {
    if (!Array.isArray(raw.choices) || !raw.choices.every((choice) => typeof choice === 'string')) {
      problems.push(t('registry.serverJson.notStringList', { path: `${path}.choices` }));
    } else field.choices = raw.choices;
  }
  return field;
}

function readHeaders(problems: string[], raw: unknown, path: string): InputField[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.push(t('registry.serverJson.notList', { path }));
    return [];
  }
  return raw.flatMap((header, index) => {
    const at = `${path}[${index}]`;
    const name = isRecord(header) ? header.name : undefined;
    if (typeof name !== 'string' || !HEADER_NAME.test(name)) {
      problems.push(t('registry.serverJson.headerName', { path: `${at}.name` }));
      return [];
    }
    const field = readField(problems, header, at, name);
    if (field && isRecord(header) && header.variables !== undefined) {
      field.variables = readVariables(problems, header.variables, `${at}.variables`, field.fixed ?? '', `${at}.value`);
    }
    return field ? [field] : [];
  });
}

/** The declared `{variables}` of `template` (a remote's url, a header's value), each of its `{…}` declared. */
function readVariables(problems: string[], raw: unknown, path: string, template: string, templatePath?: string): InputField[] {
  if (raw !== undefined && !isRecord(raw)) {
    problems.push(t('registry.serverJson.variableNames', { path }));
    return [];
  }
  const declared = raw ?? {};
  const fields = Object.entries(declared).flatMap(([name, value]) => {
    const field = readField(problems, value, `${path}.${name}`, name);
    return field ? [field] : [];
  });
  for (const [, name = ''] of template.matchAll(VARIABLE)) {
    if (name in declared) continue;
    const variable = `{${name}}`;
    problems.push(
      templatePath === undefined
        ? t('registry.serverJson.undeclaredInUrl', { path, variable })
        : t('registry.serverJson.undeclared', { path, variable, template: templatePath }),
    );
  }
  return fields;
}

/**
 * The URL with every `{variable}` replaced by a placeholder, so its scheme and host can be judged
 * before any is filled: a digit, which fits a port, a host label and a path alike.
 */
const sampleUrl = (template: string) => template.replace(VARIABLE, '1');

function readRemote(problems: string[], raw: unknown, path: string, name: string, judge: UrlJudge): RemoteOffer | undefined {
  if (!isRecord(raw)) {
    problems.push(t('registry.serverJson.notObject', { path }));
    return undefined;
  }
  if (raw.type !== 'streamable-http' && raw.type !== 'sse') {
    problems.push(t('registry.serverJson.remoteType', { path: `${path}.type`, type: String(JSON.stringify(raw.type)?.slice(0, 40)) }));
    return undefined;
  }
  const url = text(problems, raw.url, `${path}.url`, 2048, true);
  if (url === undefined) return undefined;
  const sample = sampleUrl(url);
  const why = refusalReason(sample);
  if (why) {
    problems.push(t('registry.serverJson.urlRefused', { path: `${path}.url`, url: JSON.stringify(url), why }));
    return undefined;
  }
  const analysis = judge(sample);
  return {
    transport: raw.type,
    urlTemplate: url,
    origin: templateOrigin(url),
    variables: readVariables(problems, raw.variables, `${path}.variables`, url),
    headers: readHeaders(problems, raw.headers, `${path}.headers`),
    warnings: originWarnings(name, analysis, judge),
  };
}

function skippedPackages(raw: unknown): SkippedPart[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((pkg) => {
    const record = isRecord(pkg) ? pkg : {};
    const what = [record.registryType, record.identifier].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
    return { ...(what && { what }), reason: t('registry.serverJson.runsLocally') };
  });
}

function readIcons(raw: unknown): IconSpec[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((icon): icon is IconSpec => isRecord(icon) && typeof icon.src === 'string' && loadableIcon(icon.src, '')).slice(0, 8);
}

/** Reads an already-parsed `server.json` value, its remotes judged by `judge` (lib/urls.ts). @throws ServerJsonError listing every problem. */
export function readServerJson(value: unknown, judge: UrlJudge): ServerManifest {
  if (!isRecord(value)) throw new ServerJsonError([t('registry.serverJson.topLevel')]);
  const problems: string[] = [];
  const name = text(problems, value.name, 'name', MAX_NAME, true);
  if (name !== undefined && !NAME_PATTERN.test(name)) problems.push(t('registry.serverJson.namePattern', { name: `"${name}"` }));
  const manifest: ServerManifest = {
    name: name ?? '',
    description: text(problems, value.description, 'description', MAX_DESCRIPTION, true) ?? '',
    version: text(problems, value.version, 'version', MAX_VERSION, true) ?? '',
    remotes: [],
    skipped: skippedPackages(value.packages),
  };
  const title = text(problems, value.title, 'title', MAX_TITLE, false);
  if (title) manifest.title = title;
  const website = text(problems, value.websiteUrl, 'websiteUrl', 2048, false);
  if (website) {
    if (refusalOf(website)) problems.push(t('registry.serverJson.websiteNotHttps', { url: `"${website}"` }));
    else manifest.websiteUrl = website;
  }
  if (value.packages !== undefined && !Array.isArray(value.packages)) problems.push(t('registry.serverJson.notList', { path: 'packages' }));
  if (value.remotes !== undefined && !Array.isArray(value.remotes)) problems.push(t('registry.serverJson.notList', { path: 'remotes' }));
  const remotes = Array.isArray(value.remotes) ? value.remotes : [];
  manifest.remotes = remotes.flatMap((remote, index) => readRemote(problems, remote, `remotes[${index}]`, manifest.name, judge) ?? []);
  const icons = readIcons(value.icons);
  if (icons.length > 0) manifest.icons = icons;
  if (problems.length > 0) throw new ServerJsonError(problems);
  return manifest;
}

/** Reads `server.json` text from a file or a paste. @throws ServerJsonError */
export function parseServerJson(source: string, judge: UrlJudge): ServerManifest {
  if (source.length > MAX_SERVER_JSON_CHARACTERS) {
    throw new ServerJsonError([t('registry.serverJson.textTooLong', { length: String(source.length), max: String(MAX_SERVER_JSON_CHARACTERS) })]);
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new ServerJsonError([t('registry.serverJson.notJson', { error: (error as Error).message })]);
  }
  return readServerJson(value, judge);
}
