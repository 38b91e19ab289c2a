/**
 * Finding servers (issue 28): the registry search and `server.json` reading the panel asks
 * for. Here rather than in the panel so the URL analysis each offer carries (tldts) stays in
 * the worker, and so the registry is reached with the worker's host access, which the panel
 * asks for at the person's click on Search (entrypoints/sidepanel/main.tsx). Nothing is
 * fetched but at the person's search.
 */
import { createRegistryClient, OFFICIAL_REGISTRY, RegistryError, type RegistryOptions, type RegistryPage, registryBase } from '../registry/client';
import { parseServerJson, ServerJsonError, type ServerManifest } from '../registry/serverJson';
import type { Settings } from '../state';
import { urlJudge } from '../urls';

export interface RegistrySearchOptions {
  fetch: RegistryOptions['fetch'];
  /** Whether the extension may reach an origin; absent means always. */
  canReach?: (origin: string) => Promise<boolean>;
  settings: { current(): Settings; update(patch: Partial<Settings>): Promise<void> };
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
    const base = registryBase(baseUrl.trim() || OFFICIAL_REGISTRY);
    const origin = new URL(base).origin;
    if (this.#options.canReach && !(await this.#options.canReach(origin))) {
      throw new RegistryError(`toolnexus may not reach ${origin} yet: allow it when the browser asks, then search again.`);
    }
    const page = await createRegistryClient(base, { fetch: this.#options.fetch }).search({ search, ...(cursor ? { cursor } : {}) });
    const { settings } = this.#options;
    if ((settings.current().registryUrl ?? OFFICIAL_REGISTRY) !== base) await settings.update({ registryUrl: base });
    return page;
  }

  /** Reads a `server.json` from a file or a paste; never throws for the text's sake. */
  async readServerJson(text: string): Promise<ServerJsonReading> {
    const judge = await urlJudge();
    try {
      return { ok: true, manifest: parseServerJson(String(text), judge) };
    } catch (error) {
      if (error instanceof ServerJsonError) return { ok: false, problems: error.problems.slice(0, 50) };
      throw error;
    }
  }
}
