/** The side panel as a person sees it: selectors live here, not in test bodies. */
import type { Locator, Page } from 'playwright-core';

export class PanelPage {
  constructor(readonly page: Page) {}

  async addServer(url: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Server URL' }).fill(url);
    await this.page.getByRole('button', { name: 'Add server' }).click();
  }

  server(name: string): Locator {
    return this.page.getByRole('region', { name: `Server ${name}` });
  }

  async runTool(serverName: string, tool: string): Promise<void> {
    await this.server(serverName).getByRole('button', { name: `Run ${tool}`, exact: true }).click();
  }

  request(serverName: string): Locator {
    return this.page.getByRole('region', { name: `Request from ${serverName}` });
  }

  result(tool: string): Locator {
    return this.page.getByRole('article', { name: `Result of ${tool}` });
  }
}
