/** The side panel as a person sees it: selectors live here, not in test bodies. */
import type { Locator, Page } from 'playwright-core';

export type PanelTab = 'Inbox' | 'Tools' | 'Resources' | 'Prompts' | 'Servers' | 'History';

export class PanelPage {
  constructor(readonly page: Page) {}

  async tab(name: PanelTab): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  /**
   * After the worker was stopped: waits for the panel to lose it (the "Reconnecting" banner,
   * from the port's drop) and to show the new worker's own state. Without this, a check can
   * read what the panel still shows of the last worker.
   */
  async workerRestarted(): Promise<void> {
    const reconnecting = this.page.getByRole('status').filter({ hasText: 'Reconnecting to the toolnexus worker' });
    await reconnecting.waitFor({ timeout: 10_000 });
    await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });
  }

  async addServer(url: string, options: { name?: string; headers?: string } = {}): Promise<void> {
    await this.tab('Servers');
    const form = this.page.getByRole('region', { name: 'Add a server' });
    await form.getByRole('textbox', { name: 'Server URL' }).fill(url);
    if (options.name !== undefined || options.headers !== undefined) {
      await form.getByText('Name, headers and sign-in').click();
      if (options.name !== undefined) await form.getByRole('textbox', { name: 'Name' }).fill(options.name);
      if (options.headers !== undefined) await form.getByRole('textbox', { name: 'Headers' }).fill(options.headers);
    }
    await form.getByRole('button', { name: 'Add server' }).click();
  }

  /** A server's card on the Servers tab. */
  server(name: string): Locator {
    return this.page.getByRole('region', { name: `Server ${name}` });
  }

  async serverStatus(name: string): Promise<string | null> {
    await this.tab('Servers');
    return this.server(name).getByRole('status').textContent();
  }

  async runTool(serverName: string, tool: string): Promise<void> {
    await this.tab('Tools');
    await this.page
      .getByRole('region', { name: `Tools of ${serverName}` })
      .getByRole('button', { name: `Run ${tool}`, exact: true })
      .click();
  }

  tool(serverName: string, tool: string): Locator {
    return this.page.getByRole('region', { name: `Tools of ${serverName}` }).getByRole('article', { name: `Tool ${tool}` });
  }

  /** A pending Request; the panel switches to the Inbox when one arrives. */
  request(serverName: string): Locator {
    return this.page.getByRole('region', { name: `Request from ${serverName}` });
  }

  /**
   * Scrolls a Request's card into view until it shows its form, as a person does to answer
   * it: with many waiting, the panel builds a card's form only as the card comes near the
   * screen, and a newer Request taking focus can scroll the view away first.
   */
  async reach(card: Locator): Promise<Locator> {
    for (let attempt = 1; ; attempt += 1) {
      await card.scrollIntoViewIfNeeded();
      try {
        await card.getByRole('button').first().waitFor({ timeout: 1_000 });
        return card;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  }

  /** Fills and submits the fixtures' deploy form (tests/fixtures/deploy-form.ts) on a Request card. */
  async answerDeploy(card: Locator, target: 'staging' | 'prod', replicas: number): Promise<void> {
    await card.getByLabel('Target').selectOption({ label: target });
    await card.getByLabel('Replicas').fill(String(replicas));
    await card.getByRole('button', { name: 'Submit' }).click();
  }

  /** The newest result of a tool on the Tools tab. */
  result(tool: string): Locator {
    return this.page.getByRole('article', { name: `Result of ${tool}` }).first();
  }

  /** The JSON a result's text carries (shown as a JSON view). */
  async resultJson(tool: string): Promise<unknown> {
    await this.tab('Tools');
    const text = await this.result(tool).locator('.json-view pre').first().textContent();
    return text === null ? null : JSON.parse(text);
  }
}
