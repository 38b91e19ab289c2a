/**
 * The one shape for "the server needs the person" (docs/mapping.md). Form elicitations,
 * URL elicitations and the server's own OAuth all become a `Request`; the person's
 * reply is always an `Answer`.
 */
import type { AppRef } from './apps/resource';
import { validate, type Problem } from './forms/validate';

export type RequestKind = 'input' | 'authorization';

export interface Request {
  /** `elc-<Date.now() in base 36>-<seq>`; see {@link nextRequestId}. */
  id: string;
  kind: RequestKind;
  /** The server's own words, shown as text, never as markup. */
  prompt: string;
  /** The URL to open, for `authorization`; `null` for `input`. */
  url: string | null;
  /** For `input`: the JSON Schema the answer must satisfy. `null` for `authorization`. */
  data: { schema?: JsonObjectSchema } | null;
  /**
   * 2025-11-25 URL mode: the server's id for this flow, which its
   * `notifications/elicitation/complete` names when the person is done.
   */
  elicitationId?: string;
  /**
   * For `input`: the MCP App its server bound to the question (SEP-3118, lib/mcp/appElicitation.ts),
   * shown above the plain form, or why it cannot be.
   */
  app?: AppRef;
}

export interface Answer {
  id: string;
  ok: boolean;
  data?: Record<string, unknown>;
  /** Why the answer is not ok: `"declined"` maps to decline, anything else to cancel. */
  reason?: string;
}

/** The restricted object schema MCP form elicitation allows (flat primitive properties). */
export interface JsonObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [key: string]: unknown;
}

let sequence = 0;

/** A fresh Request id. The sequence only grows, so ids never repeat within a worker's life. */
export function nextRequestId(now: number = Date.now()): string {
  sequence += 1;
  return `elc-${now.toString(36)}-${sequence}`;
}

/**
 * The problems with `answer` as a reply to `request`; empty when it may be sent. Applied before
 * a server can see an Answer in one place, the client's (lib/mcp/elicitations.ts, where the
 * decision is written down); the inbox uses it too, to refuse early for the person.
 */
export function checkAnswer(request: Request, answer: Answer): Problem[] {
  const schema = request.kind === 'input' ? request.data?.schema : undefined;
  if (!answer.ok || !schema) return [];
  return validate(schema, answer.data ?? {});
}
