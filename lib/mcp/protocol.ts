/**
 * The mapping of docs/mapping.md (toolnexus `Mcp.Protocol`): an MCP `elicitation/create` becomes a
 * {@link Request}; the person's {@link Answer} becomes the elicit result the server expects.
 * Params arrive from an untrusted server, so they are checked before anything is mapped.
 */
import { nextRequestId, type Answer, type JsonObjectSchema, type Request } from '../request';
import { elicitationApp } from './appElicitation';
import { isRecord } from '../json';

/** JSON-RPC "Invalid params": what the server gets back for a malformed elicitation. */
export const INVALID_PARAMS = -32602;

/** A server sent elicitation params this client will not act on; `message` says why. */
export class ElicitationParamsError extends Error {
  readonly code = INVALID_PARAMS;
  constructor(message: string) {
    super(message);
    this.name = 'ElicitationParamsError';
  }
}

export type ElicitResult = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' } | { action: 'cancel' };

// spec 2025-11-25 client/elicitation: form fields are flat primitives (or a list of options).
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array']);

/**
 * References and composition are outside the elicitation subset, and a validator or form
 * would have to follow them (a dangling or remote `$ref` cannot be checked at all).
 * Titled options (`oneOf`/`anyOf` of consts) are allowed on a property, not at the top.
 */
const NOT_AT_TOP = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'enum',
  'const',
  'patternProperties',
  'dependentSchemas',
  'unevaluatedProperties',
  'propertyNames',
];
const NOT_IN_FIELDS = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'properties',
  'patternProperties',
  'dependentSchemas',
];

/** A value from a server, named safely in an error message (it may be huge or deeply nested). */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

function checkSchema(schema: unknown): JsonObjectSchema {
  if (!isRecord(schema) || schema.type !== 'object' || !isRecord(schema.properties)) {
    throw new ElicitationParamsError('requestedSchema must be an object schema: {"type": "object", "properties": {...}}.');
  }
  const topKeyword = NOT_AT_TOP.find((keyword) => Object.hasOwn(schema, keyword));
  if (topKeyword) {
    throw new ElicitationParamsError(`requestedSchema may not use "${topKeyword}": forms take a flat object of fields.`);
  }
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isRecord(property)) {
      throw new ElicitationParamsError(`requestedSchema property "${name}" must be a schema object.`);
    }
    if (typeof property.type !== 'string' || !PRIMITIVE_TYPES.has(property.type)) {
      throw new ElicitationParamsError(
        `requestedSchema property "${name}" has type ${describeValue(property.type)}; form fields are string, number, integer, boolean or a list of options.`,
      );
    }
    for (const part of [property, isRecord(property.items) ? property.items : {}]) {
      for (const list of ['enum', 'oneOf', 'anyOf', 'required'] as const) {
        if (Object.hasOwn(part, list) && !Array.isArray(part[list])) {
          throw new ElicitationParamsError(`requestedSchema property "${name}" has "${list}" that is not a list.`);
        }
      }
    }
    const fieldKeyword = [property, isRecord(property.items) ? property.items : {}].flatMap((part) =>
      NOT_IN_FIELDS.filter((keyword) => Object.hasOwn(part, keyword)),
    )[0];
    if (fieldKeyword) {
      throw new ElicitationParamsError(`requestedSchema property "${name}" may not use "${fieldKeyword}": form fields are flat.`);
    }
  }
  if (schema.required !== undefined) {
    if (!Array.isArray(schema.required) || !schema.required.every((key) => typeof key === 'string')) {
      throw new ElicitationParamsError('requestedSchema.required must be a list of property names.');
    }
  }
  return schema as JsonObjectSchema;
}

type CheckedElicitation =
  | { kind: 'authorization'; prompt: string; url: string; elicitationId?: string }
  | { kind: 'input'; prompt: string; schema: JsonObjectSchema | undefined };

/**
 * Checks untrusted `elicitation/create` params without building a Request.
 * @throws ElicitationParamsError naming what is wrong.
 */
export function checkElicitationParams(params: unknown): CheckedElicitation {
  if (!isRecord(params)) throw new ElicitationParamsError('Elicitation params must be an object.');
  const { message, mode } = params;
  if (typeof message !== 'string') {
    throw new ElicitationParamsError('Elicitation params need a string "message".');
  }
  if (mode === 'url') {
    const { url } = params;
    if (typeof url !== 'string' || !URL.canParse(url)) {
      throw new ElicitationParamsError('URL-mode elicitation needs a parseable "url".');
    }
    const { elicitationId } = params;
    if (elicitationId !== undefined && typeof elicitationId !== 'string') {
      throw new ElicitationParamsError('"elicitationId" must be a string.');
    }
    return elicitationId === undefined
      ? { kind: 'authorization', prompt: message, url }
      : { kind: 'authorization', prompt: message, url, elicitationId };
  }
  if (mode !== undefined && mode !== 'form') {
    throw new ElicitationParamsError(`Unknown elicitation mode ${describeValue(mode)}; expected "form" or "url".`);
  }
  const schema = params.requestedSchema === undefined ? undefined : checkSchema(params.requestedSchema);
  return { kind: 'input', prompt: message, schema };
}

/**
 * Maps `elicitation/create` params onto a Request: `mode: "url"` → `authorization`
 * carrying the URL; form (or no mode) → `input` carrying `requestedSchema`. `id` is given
 * only when the same Request is asked again (a 2026 round carried on after a restart).
 * @throws ElicitationParamsError when the params are not a well-formed elicitation.
 */
export function elicitationToRequest(params: unknown, id?: string): Request {
  const checked = checkElicitationParams(params);
  id ??= nextRequestId();
  if (checked.kind === 'authorization') {
    const request: Request = { id, kind: 'authorization', prompt: checked.prompt, url: checked.url, data: null };
    if (checked.elicitationId !== undefined) request.elicitationId = checked.elicitationId;
    return request;
  }
  const request: Request = { id, kind: 'input', prompt: checked.prompt, url: null, data: checked.schema ? { schema: checked.schema } : {} };
  const app = elicitationApp(params);
  if (app) request.app = app;
  return request;
}

/** `ok` → accept with `data ?? {}`; `reason: "declined"` → decline; anything else → cancel. */
export function answerToElicitResult(answer: Answer): ElicitResult {
  if (answer.ok) return { action: 'accept', content: answer.data ?? {} };
  if (answer.reason === 'declined') return { action: 'decline' };
  return { action: 'cancel' };
}
