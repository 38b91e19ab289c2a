/**
 * A scripted person for Node: answers toolnexus Requests the way someone at the side panel
 * would, so the conformance harness and the integration tests drive the real client core
 * (`load()` → `waitFor` → `Answer`) without a browser.
 *
 * - A form (`kind: "input"`) is accepted with what the panel's form would hold after a
 *   diligent person filled it in: each field's schema default first (rjsf pre-fills
 *   defaults), otherwise a plausible value for its type, format and bounds.
 * - A URL (`kind: "authorization"`) is "visited": by default a GET with
 *   `redirect: 'manual'`, as far as the first hop, never rendering anything.
 * - A script can decline or cancel instead, per Request.
 * Its Answers are checked by the client like the inbox's (lib/mcp/elicitations.ts): one a
 * script gets wrong is asked again, never sent.
 */
import type { WaitFor } from '../lib/mcp/connection';
import type { Answer, Request } from '../lib/request';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

function firstOption(schema: Schema): unknown {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const titled = branches.find((branch) => isSchema(branch) && 'const' in branch);
    if (titled) return (titled as Schema).const;
  }
  return undefined;
}

function plausibleString(schema: Schema, name: string): string {
  const byFormat: Record<string, string> = {
    email: 'person@example.com',
    uri: 'https://example.com/',
    url: 'https://example.com/',
    date: '2026-01-15',
    'date-time': '2026-01-15T09:30:00Z',
    time: '09:30:00',
    uuid: '3f8c2a5e-1b7d-4c9e-9a6f-2d4b8e1c7a90',
  };
  const format = typeof schema.format === 'string' ? byFormat[schema.format] : undefined;
  let value =
    format ?? (/url|uri|link/i.test(name) ? 'https://example.com/' : /mail/i.test(name) ? 'person@example.com' : `example ${name || 'text'}`);
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  while (value.length < min) value += 'x';
  if (value.length > max) value = value.slice(0, Math.max(max, 0));
  return value;
}

function plausibleNumber(schema: Schema, integer: boolean): number {
  const lower =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? schema.exclusiveMinimum + (integer ? 1 : 0.5)
        : undefined;
  const upper =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - (integer ? 1 : 0.5)
        : undefined;
  let value = lower ?? (upper !== undefined ? Math.min(upper, 3) : 3);
  if (upper !== undefined && value > upper) value = upper;
  return integer ? Math.ceil(value) : value;
}

/**
 * A value a person could plausibly enter for `schema` (a JSON Schema of a tool argument or
 * a form field): the default, a constant, the first option, or something of the right type
 * within the schema's bounds. `name` hints at strings (`url`, `email`).
 */
export function plausibleValue(schema: unknown, name = ''): unknown {
  if (!isSchema(schema)) return `example ${name}`;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  const option = firstOption(schema);
  if (option !== undefined) return option;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const usable = branches.find((branch) => isSchema(branch) && branch.type !== 'null');
      if (usable) return plausibleValue(usable, name);
    }
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((type) => type !== 'null') : [schema.type];
  switch (types[0]) {
    case 'string':
      return plausibleString(schema, name);
    case 'integer':
      return plausibleNumber(schema, true);
    case 'number':
      return plausibleNumber(schema, false);
    case 'boolean':
      return true;
    case 'array': {
      const items = isSchema(schema.items) ? schema.items : {};
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const first = firstOption(items);
      return Array.from({ length: count }, () => (first !== undefined ? first : plausibleValue(items, name)));
    }
    case 'object':
      return plausibleArguments(schema);
    case 'null':
      return null;
    default:
      return isSchema(schema.properties) ? plausibleArguments(schema) : plausibleString(schema, name);
  }
}

/** Plausible arguments for a tool's `inputSchema` (or a form's `requestedSchema`): every property filled. */
export function plausibleArguments(schema: unknown, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const properties = isSchema(schema) && isSchema(schema.properties) ? schema.properties : {};
  const values: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) values[name] = plausibleValue(property, name);
  return { ...values, ...overrides };
}

/** What the person does with one Request. */
export type Reply = 'accept' | 'decline' | 'cancel' | Answer;
export type Script = (request: Request) => Reply | Promise<Reply>;

export interface ScriptedPersonOptions {
  /** Decides per Request; accepts everything when absent. */
  script?: Script;
  /** Opens an accepted URL; defaults to {@link visitWithFetch}. */
  visit?: (url: string) => Promise<void>;
}

export interface ScriptedPerson {
  /** For `load(server, { waitFor })`. */
  waitFor: WaitFor;
  /**
   * For `load(server, { untilVisitEnds })`: resolves once the person has visited the
   * Request's URL, as the panel resolves once the sign-in window is closed.
   */
  untilVisitEnds: (request: Request) => Promise<void>;
  /** Every Request asked, oldest first. */
  asked: Request[];
  /** Every Answer given, oldest first. */
  answers: Answer[];
  /** Every URL visited, oldest first. */
  visited: string[];
}

/** Loads `url` once, following no redirect and rendering nothing, like a tab the client cannot read. */
export async function visitWithFetch(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
}

/** Accepts a form with a value for every field (defaults first); accepts a URL after visiting it. */
export function scriptedPerson(options: ScriptedPersonOptions = {}): ScriptedPerson {
  const { script = () => 'accept', visit = visitWithFetch } = options;
  const asked: Request[] = [];
  const answers: Answer[] = [];
  const visited: string[] = [];
  const visits = new Map<string, Promise<void>>();

  const waitFor: WaitFor = async (request) => {
    asked.push(request);
    const reply = await script(request);
    let answer: Answer;
    if (typeof reply === 'object') {
      answer = reply;
    } else if (reply === 'decline') {
      answer = { id: request.id, ok: false, reason: 'declined' };
    } else if (reply === 'cancel') {
      answer = { id: request.id, ok: false, reason: 'cancelled' };
    } else if (request.kind === 'input') {
      answer = { id: request.id, ok: true, data: plausibleArguments(request.data?.schema) };
    } else {
      const url = request.url ?? '';
      visited.push(url);
      const visiting = visit(url);
      visits.set(request.id, visiting);
      await visiting;
      answer = { id: request.id, ok: true };
    }
    answers.push(answer);
    return answer;
  };

  return {
    waitFor,
    untilVisitEnds: (request) => visits.get(request.id) ?? Promise.resolve(),
    asked,
    answers,
    visited,
  };
}
