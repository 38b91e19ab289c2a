/**
 * The one place a policy is asked: may this server connect, this feature be used, this
 * registry be searched, this authorization server be signed in at, this host be opened? Every
 * enforcement point asks here and shows what it is told; none writes a rule of its own.
 *
 * The order a server is judged in (Copilot's "evaluation rules", Claude Code's alike): a deny
 * always wins, the policy's own managed servers included; then a managed server is allowed;
 * then `mcpAccess` (`registryOnly`), then the allow list. A policy that could not be read lets
 * only its managed servers connect.
 *
 * Pure: no I/O. A list of 10,000 rules is indexed by host and by name when the judge is made,
 * so a question costs a few map lookups, not a pass over the list (bench/policy.ts).
 */
import { canonicalUrl, type CanonicalUrl } from './canonical';
import { type HostPattern, type UrlPattern, urlMatches } from './patterns';
import type { Feature, ManagedServer, Policy, PolicyReading, ServerRule } from './read';
import { refusalSentence } from './refusal';
import { FEATURE_NAMES, words } from './words';

export type Verdict = { allowed: true } | { allowed: false; rule: string; reason: string };

const ALLOWED: Verdict = { allowed: true };
const refuse = (rule: string, reason: string): Verdict => ({ allowed: false, rule, reason });

/** A refusal as one sentence, for an error or a notice. */
export const verdictSentence = (verdict: Verdict): string => (verdict.allowed ? '' : refusalSentence(verdict.rule, verdict.reason));

/** What a server is, as the policy judges it. */
export interface ServerFacts {
  url: string;
  /** The name it is saved under (the person's, or the one it was added with). */
  name?: string;
  /** The `managedMcpServers` entry it stands for, by name. */
  managed?: string;
  /** The registry it was found in and checked against (canonical base URL), if any. */
  registry?: string;
}

function add<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

/** Items by the host pattern they carry, so that a host finds the few that can name it: its own, its domains', any host's. */
class HostIndex<T> {
  readonly #exact = new Map<string, T[]>();
  readonly #domains = new Map<string, T[]>();
  readonly #any: T[] = [];

  constructor(items: readonly T[], hostOf: (item: T) => HostPattern | undefined) {
    for (const item of items) {
      const host = hostOf(item);
      if (host?.kind === 'exact') add(this.#exact, host.host, item);
      else if (host?.kind === 'subdomains') add(this.#domains, host.domain, item);
      else if (host?.kind === 'any') this.#any.push(item);
    }
  }

  /** The items whose host pattern names `host` (canonical). */
  named(host: string): T[] {
    const found = [...(this.#exact.get(host) ?? []), ...this.#any];
    for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) found.push(...(this.#domains.get(host.slice(dot + 1)) ?? []));
    return found;
  }
}

/** The rules of one list, by what they can match: a host (HostIndex), or a name. */
class RuleIndex {
  readonly #hosts: HostIndex<ServerRule>;
  readonly #names = new Map<string, ServerRule[]>();

  constructor(rules: readonly ServerRule[]) {
    this.#hosts = new HostIndex(rules, (rule) => rule.url?.host);
    for (const rule of rules) if (rule.name !== undefined) add(this.#names, rule.name, rule);
  }

  /** The first rule of the list (by its place in the policy) that names this server. */
  first(url: CanonicalUrl | null, name: string | undefined): ServerRule | undefined {
    const byName = name === undefined ? [] : (this.#names.get(name) ?? []);
    const byHost = url ? this.#hosts.named(url.host).filter((rule) => urlMatches(rule.url!, url)) : [];
    let first: ServerRule | undefined;
    for (const rule of [...byName, ...byHost]) if (!first || rule.index < first.index) first = rule;
    return first;
  }
}

/** A registry base URL as it is compared: canonical, without trailing slashes. */
export function registryKey(baseUrl: string): string | undefined {
  return canonicalUrl(baseUrl)?.href.replace(/\/+$/, '');
}

export class PolicyJudge {
  readonly reading: PolicyReading;
  readonly #policy: Policy | undefined;
  readonly #denied: RuleIndex;
  readonly #allowed: RuleIndex | undefined;
  readonly #managed: Map<string, ManagedServer>;
  readonly #officialRegistry: string;
  readonly #authorizationServers: HostIndex<UrlPattern> | undefined;
  readonly #urlHosts: HostIndex<HostPattern> | undefined;

  /** `officialRegistry`: the registry `registry` access trusts when the policy names none. */
  constructor(reading: PolicyReading, officialRegistry: string) {
    this.reading = reading;
    this.#policy = reading.state === 'none' ? undefined : reading.policy;
    this.#denied = new RuleIndex(this.#policy?.denied ?? []);
    this.#allowed = this.#policy?.allowed && new RuleIndex(this.#policy.allowed);
    this.#managed = new Map((this.#policy?.managed ?? []).map((server) => [server.name, server]));
    this.#officialRegistry = registryKey(officialRegistry) ?? officialRegistry;
    const { authorizationServers, urlHosts } = this.#policy ?? {};
    this.#authorizationServers = authorizationServers && new HostIndex(authorizationServers, (pattern) => pattern.host);
    this.#urlHosts = urlHosts && new HostIndex(urlHosts, (pattern) => pattern);
  }

  /** The servers every person gets, as the policy lists them. */
  get managedServers(): readonly ManagedServer[] {
    return this.#policy?.managed ?? [];
  }

  managedServer(name: string): ManagedServer | undefined {
    return this.#managed.get(name);
  }

  /** The registry people search and `registry` access trusts: the policy's, else the official one. */
  get registry(): string {
    return this.#policy?.registryUrl ?? this.#officialRegistry;
  }

  /** Whether a server must have been found in the registry to connect (`mcpAccess: "registry"`). */
  get registryOnly(): boolean {
    return this.#policy?.mcpAccess === 'registry';
  }

  judgeServer(facts: ServerFacts): Verdict {
    const policy = this.#policy;
    if (!policy) return ALLOWED;
    const url = canonicalUrl(facts.url);
    const denied = this.#denied.first(url, facts.name);
    if (denied) return refuse(denied.label, words.denied);
    const managed = facts.managed === undefined ? undefined : this.#managed.get(facts.managed);
    if (managed && url && managed.url === url.href) return ALLOWED;
    const refused = this.#refusal();
    if (refused) return refused;
    if (policy.mcpAccess === 'none') return refuse('mcpAccess "none"', words.accessNone);
    if (policy.mcpAccess === 'registry' && (facts.registry === undefined || registryKey(facts.registry) !== this.registry)) {
      return refuse(policy.accessRule, words.accessRegistry(this.registry));
    }
    if (this.#allowed && !this.#allowed.first(url, facts.name)) return refuse('allowedMcpServers', words.notAllowed);
    return ALLOWED;
  }

  judgeFeature(feature: Feature): Verdict {
    if (!this.#policy || this.#policy.features[feature]) return ALLOWED;
    return this.#refusal() ?? refuse(`${feature}Enabled false`, words.featureOff(FEATURE_NAMES[feature]()));
  }

  /** Whether the person may search the registry at `baseUrl`. */
  judgeRegistry(baseUrl: string): Verdict {
    if (!this.#policy) return ALLOWED;
    const refused = this.#refusal();
    if (refused) return refused;
    const wanted = this.#policy.registryUrl;
    return wanted === undefined || registryKey(baseUrl) === wanted ? ALLOWED : refuse('registryUrl', words.otherRegistry(wanted));
  }

  /** Whether a sign-in may go to the authorization server `issuer` (its metadata's issuer, else its URL). */
  judgeAuthorizationServer(issuer: string): Verdict {
    const patterns = this.#authorizationServers;
    if (!patterns) return ALLOWED;
    const url = canonicalUrl(issuer);
    if (url && patterns.named(url.host).some((pattern) => urlMatches(pattern, url))) return ALLOWED;
    return refuse('allowedAuthorizationServers', words.authorizationServer(url?.href ?? issuer));
  }

  /** Whether a server may ask the person to open `url` (URL-mode elicitation). */
  judgeUrlHost(url: string): Verdict {
    const hosts = this.#urlHosts;
    if (!hosts) return ALLOWED;
    const host = canonicalUrl(url)?.host;
    // Every pattern the index finds for a host names it (the same host, a domain it is under, any).
    if (host && hosts.named(host).length > 0) return ALLOWED;
    return refuse('allowedUrlElicitationHosts', words.urlHost(host ?? url.slice(0, 200)));
  }

  #refusal(): Verdict | undefined {
    const { reading } = this;
    return reading.state === 'refused' ? refuse('the policy', words.refusedPolicy(reading.problems[0] ?? '')) : undefined;
  }
}

/** Something the policy refused, thrown where a person asked for it (an add, an import, a search): its message is the sentence they are shown. */
export class PolicyError extends Error {
  readonly rule: string;
  readonly reason: string;

  constructor(verdict: Extract<Verdict, { allowed: false }>) {
    super(refusalSentence(verdict.rule, verdict.reason));
    this.name = 'PolicyError';
    this.rule = verdict.rule;
    this.reason = verdict.reason;
  }
}

/** Throws the refusal, if `verdict` is one. */
export function enforce(verdict: Verdict): void {
  if (!verdict.allowed) throw new PolicyError(verdict);
}
