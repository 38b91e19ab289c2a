/**
 * The tour's main screens in another language (`npm run demo -- --headless --lang ja
 * --screenshots docs/screenshots/ja`): the welcome, Help, the sign-in consent, the servers, a
 * result, a form, a URL consent and History, named as in the English tour. The panel is found
 * by place (tab ids, card classes) and by the servers' own words, which are the same in every
 * language; never by the English names of its regions and buttons.
 */
import type { Page } from 'playwright-core';
import { LocalizedPanel } from '../tests/e2e/languages';
import { fillTrip, shooter, type WalkthroughOptions } from './walkthrough';

const SHOWCASE = 'Showcase';
const SIGN_IN = 'Sign-in required';
/** The demo's servers that connect without anyone signing in (demo/servers.ts), and the one that does once its consent is opened. */
const CONNECTING = 11;

/** A panel with no servers yet: the welcome, then Help. */
export async function firstRunInLanguage(page: Page, options: WalkthroughOptions): Promise<string[]> {
  const taken: string[] = [];
  const shot = shooter(page, options, taken);
  await page.locator('section.welcome input').first().waitFor();
  await shot('14-welcome');
  await page.keyboard.press('?');
  await page.locator('dialog.help[open]').waitFor();
  await shot('15-help');
  await page.keyboard.press('Escape');
  return taken;
}

export async function walkthroughInLanguage(page: Page, options: WalkthroughOptions = {}): Promise<string[]> {
  const panel = new LocalizedPanel(page);
  const taken: string[] = [];
  const shot = shooter(page, options, taken);
  const request = (server: string) => page.locator('section.request').filter({ has: page.locator('.server', { hasText: server }) });
  const result = (tool: string) => page.locator('article.call').filter({ has: page.locator('.activity-title strong', { hasText: tool }) });

  // The protected server asks to sign in first; its authorization server approves at once.
  const signIn = request(SIGN_IN);
  await signIn.waitFor();
  await shot('00-sign-in-consent');
  await signIn.locator('.actions button:not(.secondary)').first().click();
  await signIn.waitFor({ state: 'detached' });

  await panel.tab('Servers');
  await page.waitForFunction((count) => document.querySelectorAll('.server-state.status-connected').length >= count, CONNECTING);
  await shot('01-servers');

  await panel.runTool(SHOWCASE, 'show_content');
  await result('show_content').getByText('done').waitFor();
  await shot('02-tool-result-content');

  await panel.runTool(SHOWCASE, 'plan_trip');
  const trip = request(SHOWCASE);
  await trip.locator('form').waitFor();
  await fillTrip(page, trip, shot);
  await trip.locator('button[type="submit"]').click();
  await trip.waitFor({ state: 'detached' });

  await panel.runTool(SHOWCASE, 'connect_account');
  const consent = request(SHOWCASE);
  await consent.locator('.url-consent').waitFor();
  await shot('09-url-elicitation');
  // Escape in a Request cancels it (ACCESSIBILITY.md); the card has focus.
  await consent.focus();
  await page.keyboard.press('Escape');
  await consent.waitFor({ state: 'detached' });

  await panel.tab('History');
  await page.locator('#panel-history li.history').first().waitFor();
  await shot('10-history');
  return taken;
}
