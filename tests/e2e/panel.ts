/** The side panel driven by Playwright in Chromium: the shared steps (tests/panel/contract.ts) on a Playwright page, and what only Chromium's tests need. */
import type { Locator, Page } from 'playwright-core';
import { Panel } from '../panel/contract';

export class PanelPage extends Panel<Locator> {
  constructor(override readonly page: Page) {
    super(page);
  }

  /**
   * Scrolls a Request's card into view until it shows its form, as a person does to answer
   * it: with many waiting, the panel builds a card's form only as the card comes near the
   * screen, and a newer Request taking focus can scroll the view away first. A card not drawn
   * at all stands in a gap (components/inbox/RequestGap.tsx): the view scrolls onto the gaps,
   * as a person scrolls down the Inbox, until it is drawn.
   */
  async reach(card: Locator): Promise<Locator> {
    for (let attempt = 1; ; attempt += 1) {
      await this.#drawn(card);
      await card.scrollIntoViewIfNeeded();
      try {
        await card.getByRole('button').first().waitFor({ timeout: 1_000 });
        return card;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  }

  async #drawn(card: Locator): Promise<void> {
    const gaps = this.page.locator('.request-gap');
    for (let step = 0; step < 200 && (await card.count()) === 0; step += 1) {
      const count = await gaps.count();
      if (count === 0) return;
      await gaps.nth(step % count).scrollIntoViewIfNeeded();
      await this.page.waitForTimeout(50);
    }
  }
}
