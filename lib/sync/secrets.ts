/**
 * A server from another browser, made this browser's: its synced fields with the secrets this
 * browser already holds for it, and those it lacks asked of the person as a Request in the
 * Inbox (a form, answered like a server's). Pure: lib/sync/asking.ts asks, lib/sync/apply.ts applies.
 */
import { t, tn } from '../i18n';
import { formatList } from '../i18n/format';
import { type Answer, nextRequestId, type Request } from '../request';
import type { ServerSettings } from '../state';
import type { LocalServer, ServerBody } from './syncable';

/** What a synced server needs here before it can connect as it does in the browser it came from. */
export interface MissingSecrets {
  /** Header names whose values this browser does not have. */
  headers: string[];
  clientSecret: boolean;
}

export const nothingMissing = (missing: MissingSecrets): boolean => missing.headers.length === 0 && !missing.clientSecret;

/** A header's value in `headers`, its name matched as HTTP matches it (case-insensitively). */
function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (name in headers) return headers[name];
  const lower = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === lower)?.[1];
}

/**
 * The settings a synced server has in this browser: what came with it, the secret header values
 * and client secret this browser holds for it (`local`, when it has the server already), and
 * which secrets it has not got.
 */
export function serverFromSync(body: ServerBody, local?: LocalServer): { settings: Omit<ServerSettings, 'enabled'>; missing: MissingSecrets } {
  const headers: Record<string, string> = { ...body.headers };
  const missing: MissingSecrets = { headers: [], clientSecret: false };
  for (const name of body.secretHeaders ?? []) {
    const value = headerValue(local?.headers, name);
    if (value === undefined) missing.headers.push(name);
    else headers[name] = value;
  }
  const settings: Omit<ServerSettings, 'enabled'> = { url: body.url, name: body.name ?? '', headers, oauthClientId: body.oauthClientId ?? '' };
  if (body.oauthClientId && local?.oauthClientId === body.oauthClientId && local.oauthClientSecret) {
    settings.oauthClientSecret = local.oauthClientSecret;
  } else if (body.clientSecret) missing.clientSecret = true;
  return { settings, missing };
}

/** The form's field for the client secret (its title is in the person's language; the field keeps this name); a header's field is its name. */
const CLIENT_SECRET_FIELD = 'OAuth client secret';

/** What the Request asks for, one whole sentence for each case: headers (how many), the client secret, or both. */
function secretPrompt(server: string, missing: MissingSecrets): string {
  const count = missing.headers.length;
  const headers = formatList(missing.headers);
  if (count === 0) return t('sync.secrets.askClientSecret', { server });
  return missing.clientSecret ? tn('sync.secrets.askBoth', count, { server, headers }) : tn('sync.secrets.askHeaders', count, { server, headers });
}

/**
 * The Request that asks for a synced server's missing secrets: one required text field per
 * header, and one for the client secret, never sent anywhere but this browser's storage.
 */
export function secretRequest(serverName: string, missing: MissingSecrets): Request {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const name of missing.headers) {
    properties[name] = {
      ...{ type: 'string', title: name, minLength: 1, writeOnly: true },
      description: t('sync.secrets.headerValue', { name }),
    };
  }
  if (missing.clientSecret)
    properties[CLIENT_SECRET_FIELD] = { type: 'string', title: t('servers.form.clientSecret'), minLength: 1, writeOnly: true };
  return {
    id: nextRequestId(),
    kind: 'input',
    prompt: secretPrompt(serverName, missing),
    url: null,
    data: { schema: { type: 'object', properties, required: Object.keys(properties) } },
  };
}

/** What the person entered, as the server's headers and client secret; `undefined` when they did not answer. */
export function answeredSecrets(answer: Answer, missing: MissingSecrets): { headers: Record<string, string>; clientSecret?: string } | undefined {
  if (!answer.ok || !answer.data) return undefined;
  const values = answer.data;
  const headers = Object.fromEntries(missing.headers.flatMap((name) => (typeof values[name] === 'string' ? [[name, values[name]]] : [])));
  const secret = values[CLIENT_SECRET_FIELD];
  return typeof secret === 'string' && missing.clientSecret ? { headers, clientSecret: secret } : { headers };
}
