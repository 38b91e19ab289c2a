/**
 * `chrome.declarativeNetRequest` session rules that take the `Origin` header off the
 * extension's own requests to the MCP servers the person configured, and nothing else.
 *
 * Why: the worker's POST and DELETE carry `Origin: chrome-extension://<id>`. A server with
 * DNS-rebinding protection (spec 2025-11-25 basic/transports: servers MUST validate `Origin`;
 * the SDK's `StreamableHTTPServerTransport({ enableDnsRebindingProtection, allowedOrigins })`)
 * answers an Origin it does not list with 403 "Invalid Origin header", and lets a request with
 * no Origin through, as it must for every non-browser client. The person chose this server
 * by URL, as one configures any desktop client; the rule makes the worker ask like one.
 *
 * Only where needed: a rule puts every request to its origin on Chromium's slower
 * header-rewriting path (~1 ms each, bench/findings.md), and most servers never look at Origin,
 * so the hub asks for one only after a server refused the extension's Origin
 * ({@link refusesExtensionOrigin}), then connects again.
 *
 * Scope, so the protection still protects: one rule per such server origin (scheme,
 * host and port, as `urlFilter: "|<origin>/"`), matching only requests this extension
 * initiates (`initiatorDomains: [<extension host>]`). A web page's request to the same server
 * keeps its Origin and is still refused. With `declarativeNetRequestWithHostAccess` a rule
 * only acts where the extension has host access, which toolnexus asks for per server anyway.
 *
 * Verified in Chromium 156: the rule removes Origin from service-worker and extension-page
 * fetches (POST and DELETE) to the listed origin; another port, `localhost` for `127.0.0.1`,
 * or a page's own fetch keep it.
 *
 * Pure functions over plain data: the composition root reads the current session rules,
 * calls {@link originRulesUpdate} and hands the result to `updateSessionRules`.
 */

/** The part of a `chrome.declarativeNetRequest.Rule` these functions read. */
export interface SessionRule {
  id: number;
  priority?: number;
  action: { type: string; requestHeaders?: Array<{ header: string; operation: string; value?: string }> };
  /** Other condition keys may be present (a rule made elsewhere); {@link originRulesUpdate} replaces such a rule. */
  condition: { urlFilter?: string; initiatorDomains?: string[]; resourceTypes?: string[] };
}

/** A rule made here; assignable to `chrome.declarativeNetRequest.Rule`. */
export interface OriginRule extends SessionRule {
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: Array<{ header: 'origin'; operation: 'remove' }> };
  condition: { urlFilter: string; initiatorDomains: string[]; resourceTypes: Array<'xmlhttprequest' | 'other'> };
}

/** What to pass to `chrome.declarativeNetRequest.updateSessionRules`. */
export interface OriginRulesUpdate {
  removeRuleIds: number[];
  addRules: OriginRule[];
}

const PRIORITY = 1;
// fetch() from the worker is `xmlhttprequest`; `other` covers what a browser files there.
const RESOURCE_TYPES: OriginRule['condition']['resourceTypes'] = ['xmlhttprequest', 'other'];

/**
 * The origin a server URL's requests go to (`http://127.0.0.1:3000`, `https://mcp.example.com`),
 * as the browser writes it (default port dropped, host lower-cased); `null` for a URL that is
 * not http(s).
 */
export function serverOrigin(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const { protocol, origin } = new URL(url);
  return protocol === 'http:' || protocol === 'https:' ? origin : null;
}

/**
 * The rule for one server origin. `extensionHost` is the host of the extension's own URLs:
 * the id in Chrome (`new URL(browser.runtime.getURL('/')).host`), the internal UUID in Firefox.
 */
export function originRule(origin: string, extensionHost: string, id: number): OriginRule {
  return {
    id,
    priority: PRIORITY,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
    // `|` anchors the start and the trailing `/` ends the authority, so `:3000` never matches `:30001`.
    condition: { urlFilter: `|${origin}/`, initiatorDomains: [extensionHost], resourceTypes: [...RESOURCE_TYPES] },
  };
}

/** Whether `rule` is one of ours: it does nothing but remove `Origin`. Other session rules are left alone. */
export function isOriginRule(rule: SessionRule): boolean {
  const headers = rule.action.requestHeaders ?? [];
  return (
    rule.action.type === 'modifyHeaders' &&
    headers.length === 1 &&
    headers[0]!.header.toLowerCase() === 'origin' &&
    headers[0]!.operation === 'remove'
  );
}

const sameList = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Same effect as `wanted`, however the browser orders what it hands back (Chrome sorts keys). */
function sameRule(rule: SessionRule, wanted: OriginRule): boolean {
  const { urlFilter, initiatorDomains, resourceTypes, ...otherConditions } = rule.condition as Record<string, unknown> & SessionRule['condition'];
  return (
    (rule.priority ?? 1) === wanted.priority &&
    urlFilter === wanted.condition.urlFilter &&
    sameList(initiatorDomains, wanted.condition.initiatorDomains) &&
    sameList(resourceTypes, wanted.condition.resourceTypes) &&
    Object.keys(otherConditions).length === 0
  );
}

/**
 * The change that leaves exactly one origin rule per distinct http(s) origin among
 * `serverUrls`: rules for removed servers go, missing ones are added, rules of an older shape
 * (another extension host, other resource types) are replaced, duplicates removed. Rules
 * that are not origin rules are never touched, and new ids avoid every id still in use.
 * An empty update means nothing to do.
 */
export function originRulesUpdate(current: readonly SessionRule[], serverUrls: readonly string[], extensionHost: string): OriginRulesUpdate {
  const wanted = new Map<string, OriginRule>();
  for (const url of serverUrls) {
    const origin = serverOrigin(url);
    if (origin !== null && !wanted.has(origin)) wanted.set(origin, originRule(origin, extensionHost, 0));
  }

  const removeRuleIds: number[] = [];
  const kept = new Set<string>();
  for (const rule of current) {
    if (!isOriginRule(rule)) continue;
    const origin = rule.condition.urlFilter?.replace(/^\|/, '').replace(/\/$/, '') ?? '';
    const desired = wanted.get(origin);
    if (desired && !kept.has(origin) && sameRule(rule, desired)) kept.add(origin);
    else removeRuleIds.push(rule.id);
  }

  const removed = new Set(removeRuleIds);
  const used = new Set(current.filter((rule) => !removed.has(rule.id)).map((rule) => rule.id));
  let next = 1;
  const addRules: OriginRule[] = [];
  for (const [origin, rule] of wanted) {
    if (kept.has(origin)) continue;
    while (used.has(next)) next += 1;
    used.add(next);
    addRules.push({ ...rule, id: next });
  }
  return { removeRuleIds, addRules };
}

/**
 * Whether a failed connect is the server refusing the extension's `Origin` (the SDK's 403
 * "Invalid Origin header: chrome-extension://…", and the like): the one failure a rule fixes.
 * A false match costs one rule and one retry, then the usual error.
 */
export function refusesExtensionOrigin(error: unknown): boolean {
  // The SDK keeps a refusal's body in `data.text` ("Invalid Origin") when its message does not.
  const data = error instanceof Error && 'data' in error ? JSON.stringify(error.data) : '';
  return /\borigin\b/i.test(`${error instanceof Error ? error.message : String(error)} ${data}`);
}

/** The two calls of `chrome.declarativeNetRequest` the sync needs (the real API fits). */
export interface SessionRulesApi {
  getSessionRules(): Promise<SessionRule[]>;
  updateSessionRules(update: OriginRulesUpdate): Promise<void>;
}

/**
 * Keeps the origin rules in step with the saved servers: call the returned function with the
 * server URLs every time the list is loaded or saved, and await it before connecting. Calls
 * run one after another, so two quick saves cannot race for the same rule id. A failure is
 * handed to `onError` and does not reject: the server is still saved, and a server that
 * checks Origin then says so in its error.
 */
export function originRulesSync(
  api: SessionRulesApi,
  extensionHost: string,
  onError: (error: unknown) => void = (error) => console.warn('toolnexus: could not update the Origin rules', error),
): (serverUrls: readonly string[]) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (serverUrls) => {
    const urls = [...serverUrls];
    queue = queue.then(async () => {
      try {
        const update = originRulesUpdate(await api.getSessionRules(), urls, extensionHost);
        if (update.removeRuleIds.length > 0 || update.addRules.length > 0) await api.updateSessionRules(update);
      } catch (error) {
        onError(error);
      }
    });
    return queue;
  };
}
