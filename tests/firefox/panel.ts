/**
 * The sidebar's page as a person sees it, driven over Marionette: the Firefox counterpart of
 * tests/e2e/panel.ts (Playwright), with the same names for the same steps.
 */
import type { PanelTab } from '../e2e/panel';
import { Locator } from './locator';
import type { Marionette } from './marionette';

export class FirefoxPanel {
  readonly page: Locator;

  constructor(readonly marionette: Marionette) {
    this.page = new Locator(marionette);
  }

  async tab(name: PanelTab): Promise<void> {
    await this.page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  async addServer(url: string, options: { name?: string } = {}): Promise<void> {
    await this.tab('Servers');
    const form = this.page.getByRole('region', { name: 'Add a server' });
    await form.getByRole('textbox', { name: 'Server URL' }).fill(url);
    if (options.name !== undefined) {
      await form.getByText('Name, headers and sign-in').click();
      await form.getByRole('textbox', { name: 'Name' }).fill(options.name);
    }
    await form.getByRole('button', { name: 'Add server' }).click();
  }

  server(name: string): Locator {
    return this.page.getByRole('region', { name: `Server ${name}` });
  }

  async serverStatus(name: string): Promise<string | null> {
    await this.tab('Servers');
    const status = this.server(name).getByRole('status');
    return (await status.count()) > 0 ? status.textContent() : null;
  }

  async runTool(serverName: string, tool: string): Promise<void> {
    await this.tab('Tools');
    await this.page
      .getByRole('region', { name: `Tools of ${serverName}` })
      .getByRole('button', { name: `Run ${tool}` })
      .click();
  }

  tool(serverName: string, tool: string): Locator {
    return this.page.getByRole('region', { name: `Tools of ${serverName}` }).getByRole('article', { name: `Tool ${tool}` });
  }

  /** The newest result of a tool on the Tools tab. */
  result(tool: string): Locator {
    return this.page.getByRole('article', { name: `Result of ${tool}` });
  }

  request(serverName: string): Locator {
    return this.page.getByRole('region', { name: `Request from ${serverName}` });
  }

  /** Fills and submits the fixtures' deploy form (tests/fixtures/deploy-form.ts) on a Request card. */
  async answerDeploy(card: Locator, target: 'staging' | 'prod', replicas: number): Promise<void> {
    await card.getByLabel('Target').selectOption(target);
    await card.getByLabel('Replicas').fill(String(replicas));
    await card.getByRole('button', { name: 'Submit' }).click();
  }

  /** The JSON the newest result of a tool carries, or null while there is none. */
  async resultJson(tool: string): Promise<unknown> {
    await this.tab('Tools');
    const view = this.result(tool).locator('.json-view pre');
    if ((await view.count()) === 0) return null;
    return JSON.parse(await view.textContent());
  }
}
