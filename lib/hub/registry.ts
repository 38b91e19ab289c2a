/**
 * Finding servers (issue 28): the registry search and `server.json` reading the panel asks
 * for. Here rather than in the panel so the URL analysis each offer carries (tldts) stays in
 * the worker, and so the registry is reached with the worker's host access, which the panel
 * asks for at the person's click on Search (entrypoints/sidepanel/main.tsx). Nothing is
 * fetched but at the person's search.
 */
import { canonicalUrl, type PolicyJudge, verdictSentence } from '../policy';
import { createRegistryClient, OFFICIAL_REGISTRY, RegistryError, type RegistryOptions, type RegistryPage, registryBase } from '../registry/client';
import { VARIABLE } from '../registry/offer';
import { parseServerJson, ServerJsonError, type ServerManifest } from '../registry/serverJson';
import type { Settings } from '../state';
import { urlJudge } from '../urls';
import { isolatedUrl, t } from '../i18n';

export interface RegistrySearchOptions {
  fetch: RegistryOptions['fetch'];
  /** Whether the extension may reach an origin; absent means always. */
  canReach?: (origin: string) => Promise<boolean>;
  settings: { current(): Settings; update(patch: Partial<Settings>): Promise<void> };
  /** The organisation's policy: which registry may be searched, and which of its servers added. */
  policy?: () => PolicyJudge;
}

/** A URL template with a stand-in for each variable: a letter, or a digit where only a number fits (a port). */
const sample = (template: string) => [template.replace(VARIABLE, 'x'), template.replace(VARIABLE, '1')].find((url) => canonicalUrl(url)) ?? template;

/**
 * The manifest with each remote the organisation refuses marked so (the Add form then says why).
 * A URL template is judged with its variables filled in with a stand-in: what is finally added
 * is judged again, filled in, and the stand-in cannot move a variable out of its host label or
 * path segment any more than a real value can (lib/registry/fill.ts encodes each).
 */
export function judgedManifest(manifest: ServerManifest, judge: PolicyJudge | undefined, registry?: string): ServerManifest {
  if (!judge || judge.reading.state === 'none') return manifest;
  const name = manifest.title ?? manifest.name;
  const remotes = manifest.remotes.map((remote) => {
    const verdict = judge.judgeServer({ url: sample(remote.urlTemplate), name, registry });
    return verdict.allowed ? remote : { ...remote, blocked: { rule: verdict.rule, reason: verdict.reason } };
  });
  return { ...manifest, remotes };
}

/** Whether `url` is what `template` gives for some values: each `{variable}` one encoded value (no `/`, `?`, `#` or `@`). */
function fills(template: string, url: string): boolean {
  const source = template
    .split(VARIABLE)
    .map((part, index) => (index % 2 === 1 ? '[^/?#@]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i').test(url);
}

/** What a `server.json` import gives the panel: the manifest, or every problem with it. */
export type ServerJsonReading = { ok: true; manifest: ServerManifest } | { ok: false; problems: string[] };

export class RegistrySearch {
  readonly #options: RegistrySearchOptions;

  constructor(options: RegistrySearchOptions) {
    this.#options = options;
  }

  /**
   * One page of the registry at `baseUrl` (the official one when empty) matching `search`;
   * a base that answered is kept as the person's registry for next time.
   * @throws RegistryError in words for the person: no access, unreachable, slow, not a registry.
   */
  async search(baseUrl: string, search: string, cursor?: string): Promise<RegistryPage> {
    const judge = this.#options.policy?.();
    const base = registryBase(baseUrl.trim() || (judge?.registry ?? OFFICIAL_REGISTRY));
    const verdict = judge?.judgeRegistry(base);
    if (verdict && !verdict.allowed) throw new RegistryError(verdictSentence(verdict));
    const origin = new URL(base).origin;
    if (this.#options.canReach && !(await this.#options.canReach(origin))) {
      throw new RegistryError(t('registry.mayNotReach', { origin: isolatedUrl(origin) }));
    }
    const page = await createRegistryClient(base, { fetch: this.#options.fetch }).search({ search, ...(cursor ? { cursor } : {}) });
    const { settings } = this.#options;
    if ((settings.current().registryUrl ?? OFFICIAL_REGISTRY) !== base) await settings.update({ registryUrl: base });
    return {
      ...page,
      entries: page.entries.map((entry) => (entry.ok ? { ...entry, manifest: judgedManifest(entry.manifest, judge, base) } : entry)),
    };
  }

  /** Whether the registry at `baseUrl` lists `name` with a remote `url` fills in: where an added server says it came from, checked. */
  async listed(baseUrl: string, name: string, url: string): Promise<boolean> {
    try {
      const page = await createRegistryClient(registryBase(baseUrl), { fetch: this.#options.fetch }).versions(name);
      return page.entries.some(
        (entry) => entry.ok && entry.manifest.name === name && entry.manifest.remotes.some((remote) => fills(remote.urlTemplate, url)),
      );
    } catch {
      return false;
    }
  }

  /** Reads a `server.json` from a file or a paste; never throws for the text's sake. */
  async readServerJson(text: string): Promise<ServerJsonReading> {
    const judge = await urlJudge();
    try {
      return { ok: true, manifest: judgedManifest(parseServerJson(String(text), judge), this.#options.policy?.()) };
    } catch (error) {
      if (error instanceof ServerJsonError) return { ok: false, problems: error.problems.slice(0, 50) };
      throw error;
    }
  }
}
