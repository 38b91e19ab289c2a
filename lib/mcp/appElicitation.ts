/**
 * App-rendered elicitations: SEP-3118, `seps/3118-app-rendered-elicitations.md` at c2668f44
 * (2026-07-29, "align app elicitation SEP with MRTR"; modelcontextprotocol/modelcontextprotocol
 * PR #3118, a draft, with its ext-apps counterpart PR #733). Everything the client side of the
 * SEP decides is here, so following a later revision is an edit to this file:
 * - what toolnexus declares (`appsSettings`), and whether the server declared it too;
 * - which Request is bound to which app (`elicitationApp`, `bindApp`), in both eras: a
 *   2025-11-25 `elicitation/create` and the same request inside a 2026-07-28 `input_required`
 *   round carry the same `_meta.ui.resourceUri`;
 * - what an app's answer must be before it is the person's Answer (`appAnswer`).
 * Loading the app (lib/hub/requestApps.ts) uses the results' rules (lib/apps/resource.ts); the
 * card (components/inbox/RequestApp.tsx) uses the results' sandbox, CSP and bridge.
 */
import { type AppRef, APP_MIME_TYPE, APPS_EXTENSION } from '../apps/resource';
import { describeProblems } from '../forms/validate';
import { t } from '../i18n';
import { type Answer, checkAnswer, type Request } from '../request';
import { isRecord } from '../json';

/** The revision of SEP-3118 this file follows. */
export const SEP_3118 = 'c2668f44';

/**
 * toolnexus's settings of the MCP Apps extension: the app MIME type (SEP-1865) and the SEP's
 * `elicitation` member, an empty object meaning "supported". With `elicitation.form`, which the
 * client declares anyway, this is the whole declaration the SEP asks for; in 2026-07-28 the SDK
 * sends the same object on every request (`_meta["io.modelcontextprotocol/clientCapabilities"]`).
 */
export const appsSettings = () => ({ mimeTypes: [APP_MIME_TYPE], elicitation: {} });

/**
 * Whether the server declared that it may bind apps to its questions (the same member in its
 * MCP Apps settings, from `initialize` or `server/discover`). Only then is it negotiated: the
 * client's half is declared whenever the client renders apps at all.
 */
export function serverBindsApps(capabilities: { extensions?: Record<string, unknown> } | undefined): boolean {
  const ui = capabilities?.extensions?.[APPS_EXTENSION];
  return isRecord(ui) && isRecord(ui.elicitation);
}

/**
 * The app a form elicitation names in `_meta.ui.resourceUri`: `undefined` when it names none,
 * else the URI or, when it is not an absolute `ui://` URI, why none is shown (the form is, the
 * SEP's native fallback).
 */
export function elicitationApp(params: unknown): AppRef | undefined {
  if (!isRecord(params) || (params.mode !== undefined && params.mode !== 'form')) return undefined;
  const ui = isRecord(params._meta) ? params._meta.ui : undefined;
  if (!isRecord(ui) || ui.resourceUri === undefined) return undefined;
  const uri = ui.resourceUri;
  if (typeof uri !== 'string' || uri.length > 2_000 || !/^ui:\/\/[^/?#\s]+/i.test(uri)) {
    return { problem: t('mcp.appAnswer.notUiResource') };
  }
  return { resourceUri: uri };
}

/**
 * The Request as it is asked: bound to the app its params name only when both sides negotiated
 * the SEP. A server that sends the hint anyway gets the plain form: the SEP has a host ignore
 * metadata it did not negotiate (the core `_meta` rules).
 */
export function bindApp(request: Request, negotiated: boolean): Request {
  if (!request.app || negotiated) return request;
  const { app: _ignored, ...plain } = request;
  return plain;
}

export type AppAnswer = { answer: Answer } | { refused: string };

/**
 * What the app of `request` sent back, as the person's Answer, or why it is refused (nothing
 * is sent then, and the Request stays open with the reason). The app is untrusted: its result is
 * read as the SEP's `ElicitResult` and its content checked here, outside the sandbox, against
 * `requestedSchema` by the same `checkAnswer` as a form's (the SEP: validated by the host).
 * Only `accept` is taken: Decline and Cancel are the card's own buttons, never the app's, so
 * an app cannot end the Request in the person's name.
 */
export function appAnswer(request: Request, result: unknown): AppAnswer {
  if (!isRecord(result) || typeof result.action !== 'string') {
    return { refused: t('mcp.appAnswer.notAResult') };
  }
  if (result.action !== 'accept') {
    const action = result.action.slice(0, 40);
    return { refused: t('mcp.appAnswer.notAccept', { action }) };
  }
  if (result.content !== undefined && !isRecord(result.content)) {
    return { refused: t('mcp.appAnswer.notObject') };
  }
  const answer: Answer = { id: request.id, ok: true, data: (result.content ?? {}) as Record<string, unknown> };
  const problems = checkAnswer(request, answer);
  if (problems.length > 0) {
    return { refused: t('mcp.appAnswer.misfit', { problems: describeProblems(problems) }) };
  }
  return { answer };
}

/**
 * The `elicitation/create` params forwarded to the app once both bridge capabilities were
 * negotiated: the server's form, as the Request holds it (its message, its `requestedSchema` and
 * the hint that bound it). The app answers with an `ElicitResult`, read by `appAnswer`.
 */
export function elicitationParams(request: Request): Record<string, unknown> {
  const resourceUri = request.app && 'resourceUri' in request.app ? request.app.resourceUri : undefined;
  return {
    mode: 'form',
    message: request.prompt,
    requestedSchema: request.data?.schema ?? { type: 'object', properties: {} },
    ...(resourceUri && { _meta: { ui: { resourceUri } } }),
  };
}

/** How often an app may answer what the server did not ask for before the card stops it. */
export const MAX_APP_MISFITS = 3;
