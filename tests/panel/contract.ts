/**
 * The panel as a person sees it, written once for both browsers: its role/name locators and
 * the steps tests take, over the few locator calls that Playwright (tests/e2e, Chromium) and
 * our Marionette Locator (tests/firefox) both have. Each browser's panel.ts adds only what
 * that browser alone needs.
 */

export type PanelTab = 'Inbox' | 'Tools' | 'Resources' | 'Prompts' | 'Servers' | 'History';

/** The roles the panel's steps find elements by. */
export type Role = 'article' | 'button' | 'region' | 'status' | 'tab' | 'textbox';

/** Where a search for elements starts: a page, or an element found already. */
export interface Scope<L> {
  getByRole(role: Role, options?: { name?: string | RegExp; exact?: boolean }): L;
  getByLabel(label: string): L;
  getByText(text: string): L;
  locator(css: string): L;
}

/** A way to the elements, found again on every action (the panel re-renders). */
export interface PanelLocator<L> extends Scope<L> {
  first(): L;
  /** How many elements it reaches now, without waiting. */
  count(): Promise<number>;
  click(): Promise<unknown>;
  fill(text: string): Promise<unknown>;
  selectOption(option: { label: string }): Promise<unknown>;
  textContent(): Promise<string | null>;
  scrollIntoViewIfNeeded(): Promise<unknown>;
  /** Waits until it reaches an element, or with `state: 'detached'` until it reaches none. */
  waitFor(options?: { state?: 'detached'; timeout?: number }): Promise<unknown>;
}

export class Panel<L extends PanelLocator<L>> {
  constructor(readonly page: Scope<L>) {}

  async tab(name: PanelTab): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  /**
   * After the worker (Chromium) or the background page (Firefox) was stopped: waits for the
   * panel to lose it (the "Reconnecting" banner, from the port's drop) and to show the new
   * one's own state. Without this, a check can read what the panel still shows of the last.
   */
  async workerRestarted(): Promise<void> {
    const reconnecting = this.page.getByText('Reconnecting to the toolnexus worker…');
    await reconnecting.waitFor({ timeout: 10_000 });
    await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });
  }

  async addServer(url: string, options: { name?: string; headers?: string } = {}): Promise<void> {
    await this.tab('Servers');
    const form = this.page.getByRole('region', { name: 'Add a server' });
    await form.getByRole('textbox', { name: 'Server URL' }).fill(url);
    if (options.name !== undefined || options.headers !== undefined) {
      // The section stays open after an add: a second click would close it.
      if ((await form.locator('details[open]').count()) === 0) await form.getByText('Name, headers and sign-in').click();
      if (options.name !== undefined) await form.getByRole('textbox', { name: 'Name' }).fill(options.name);
      if (options.headers !== undefined) await form.getByRole('textbox', { name: 'Headers' }).fill(options.headers);
    }
    await form.getByRole('button', { name: 'Add server' }).click();
  }

  /** A server's card on the Servers tab: its one line, and its details once opened. */
  server(name: string): L {
    return this.page.getByRole('region', { name: `Server ${name}` });
  }

  /** A server's card with its details and buttons shown, as a person opens it from its line. */
  async serverDetails(name: string): Promise<L> {
    await this.tab('Servers');
    const card = this.server(name);
    const line = card.locator('.server-toggle');
    await line.waitFor();
    if ((await card.locator('.server-details').count()) === 0) await line.click();
    await card.locator('.server-details').waitFor();
    return card;
  }

  /** The server's status line, or null while its card shows none (for `expect.poll`). */
  async serverStatus(name: string): Promise<string | null> {
    await this.tab('Servers');
    const status = this.server(name).getByRole('status');
    return (await status.count()) > 0 ? status.textContent() : null;
  }

  async runTool(serverName: string, tool: string): Promise<void> {
    await this.tab('Tools');
    const group = this.page.getByRole('region', { name: `Tools of ${serverName}` });
    const run = group.getByRole('button', { name: `Run ${tool}`, exact: true });
    await group.waitFor();
    await this.drawn(run, group.locator('.row-gap'));
    await run.click();
  }

  /**
   * Scrolls onto `gap` until `item` is drawn, as a person scrolls down a list: a long list
   * draws only the rows near the view (components/shared/rowWindow.ts), and a gap stands for
   * the rest until the view comes near it.
   */
  async drawn(item: L, gap: L): Promise<void> {
    for (let step = 0; step < 100 && (await item.count()) === 0; step += 1) {
      if ((await gap.count()) === 0) return;
      await gap.first().scrollIntoViewIfNeeded();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  tool(serverName: string, tool: string): L {
    return this.page.getByRole('region', { name: `Tools of ${serverName}` }).getByRole('article', { name: `Tool ${tool}` });
  }

  /** A tool, resource, template or prompt opened to its details and form, as a person opens it from its line. */
  async opened(item: L): Promise<L> {
    await this.drawn(item, this.page.locator('.row-gap'));
    const toggle = item.locator('.item-toggle').first();
    await toggle.waitFor();
    if ((await item.locator('.item-details').count()) === 0) await toggle.click();
    await item.locator('.item-details').waitFor();
    return item;
  }

  /** A pending Request; the panel switches to the Inbox when one arrives. */
  request(serverName: string): L {
    return this.page.getByRole('region', { name: `Request from ${serverName}` });
  }

  /** Fills and submits the fixtures' deploy form (tests/fixtures/deploy-form.ts) on a Request card. */
  async answerDeploy(card: L, target: 'staging' | 'prod', replicas: number): Promise<void> {
    await card.getByLabel('Target').selectOption({ label: target });
    await card.getByLabel('Replicas').fill(String(replicas));
    await card.getByRole('button', { name: 'Submit' }).click();
  }

  /** The newest result of a tool on the Tools tab. */
  result(tool: string): L {
    return this.page.getByRole('article', { name: `Result of ${tool}` }).first();
  }

  /** The JSON the newest result of a tool carries (shown as a JSON view), or null while there is none (for `expect.poll`). */
  async resultJson(tool: string): Promise<unknown> {
    await this.tab('Tools');
    const view = this.result(tool).locator('.json-view pre').first();
    if ((await view.count()) === 0) return null;
    const text = await view.textContent();
    return text === null ? null : JSON.parse(text);
  }
}
