/**
 * Issue 41, accessibility: the panel under the display settings people use, in Chromium with
 * the fixture servers. Forced colours (Windows High Contrast, `forced-colors: active`): every
 * control keeps its edge, every focus indicator shows, and nothing is said by colour alone (the
 * selected tab, a server's status, the URL consent card's highlighted domain, badges). Reduced
 * motion: nothing moves. 200 % zoom (320 CSS px wide at 2 device pixels per px): nothing
 * scrolls sideways, nothing is cut off, on each tab and on a form, a URL consent and a sign-in
 * card. ACCESSIBILITY.md says what this covers and what it does not.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProtectedServer, startProtectedServer } from '../fixtures/auth/protected-server';
import { startShowcaseServer } from '../fixtures/servers';
import type { PanelTab } from '../panel/contract';
import { focusProblem, lostContent, motion } from './a11y';
import { type ExtensionBrowser, launchExtension, type LaunchOptions } from './browser';
import { overflowing } from './languages';
import { PanelPage } from './panel';

const TABS: PanelTab[] = ['Inbox', 'Tools', 'Resources', 'Prompts', 'Servers', 'History'];

/** The showcase server saved (under `name`, if given), the protected one started, the extension launched with `options` and its panel open. */
function panelWith(options: LaunchOptions = {}, name?: string) {
  const held: {
    showcase?: Awaited<ReturnType<typeof startShowcaseServer>>;
    signIn?: ProtectedServer;
    browser?: ExtensionBrowser;
    panel?: PanelPage;
  } = {};
  beforeAll(async () => {
    [held.showcase, held.signIn] = await Promise.all([startShowcaseServer(), startProtectedServer({ login: 'auto' })]);
    held.browser = await launchExtension(undefined, options);
    await held.browser.setStorage({ servers: [{ id: 'show', url: held.showcase.url, enabled: true, ...(name && { name }) }] });
    // The worker reads saved servers when it starts: stop it, and the panel wakes a fresh one.
    await held.browser.stopWorker();
    held.panel = new PanelPage(await held.browser.openPanel());
  }, 60_000);
  afterAll(async () => {
    await held.browser?.close();
    await Promise.all([held.showcase?.close(), held.signIn?.close()]);
  });
  return held as Required<typeof held>;
}

/** A form Request (plan_trip) and a URL consent (connect_account) waiting, on the Inbox. */
async function twoRequests(panel: PanelPage, name = 'Showcase'): Promise<void> {
  await expect.poll(() => panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
  await panel.runTool(name, 'plan_trip');
  await panel.request(name).first().waitFor();
  await panel.runTool(name, 'connect_account');
  await panel.page.locator('section.request .url-consent').waitFor();
  await panel.tab('Inbox');
}

/** Tab from the tab list to the panel's last control, the focus checked at each stop (focusProblem). */
async function tabThrough(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.locator('#tab-inbox').focus();
  const atLast = () =>
    page.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('main :is(button, input, select, textarea, summary, a[href], [tabindex="0"])')];
      return document.activeElement === controls.filter((control) => control.checkVisibility() && control.tabIndex >= 0).at(-1);
    });
  for (let step = 0; step < 80 && !(await atLast()); step += 1) {
    await page.keyboard.press('Tab');
    const problem = await focusProblem(page);
    if (problem) problems.push(problem);
  }
  expect(await atLast()).toBe(true);
  return problems;
}

describe('forced colours (high contrast)', () => {
  const run = panelWith();

  it('keeps the edge of every control that has one, and shows every focus', async () => {
    const { page } = run.panel;
    await twoRequests(run.panel);
    // Each control's edge without forced colours: a border, or a background unlike what it sits on.
    const edged = await page.evaluate(() => {
      const seen = (color: string) => !/^rgba\(.*, 0\)$|^transparent$/.test(color);
      const controls = [...document.querySelectorAll<HTMLElement>('button, input, select, textarea')].filter((control) => control.checkVisibility());
      return controls.flatMap((control, index) => {
        const style = getComputedStyle(control);
        const border = ['Top', 'Right', 'Bottom', 'Left'].some(
          (side) =>
            parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
            seen(style.getPropertyValue(`border-${side.toLowerCase()}-color`)),
        );
        control.dataset.a11yControl = String(index);
        // A checkbox or radio button is drawn by the browser, in the system's colours when forced.
        const native = control.matches('input[type=checkbox], input[type=radio]');
        return !native && (border || seen(style.backgroundColor)) ? [String(index)] : [];
      });
    });
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
      const lost = await page.evaluate((indexes) => {
        return indexes.flatMap((index) => {
          const control = document.querySelector<HTMLElement>(`[data-a11y-control="${index}"]`);
          if (!control) return [];
          const style = getComputedStyle(control);
          const border = ['top', 'right', 'bottom', 'left'].some(
            (side) => parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 && style.getPropertyValue(`border-${side}-style`) !== 'none',
          );
          return border ? [] : [`<${control.tagName.toLowerCase()} class="${control.className}"> ${control.textContent?.trim().slice(0, 30) ?? ''}`];
        });
      }, edged);
      expect(lost).toEqual([]);
      expect(await tabThrough(page)).toEqual([]);
    } finally {
      await page.emulateMedia({ forcedColors: 'none' });
    }
  });

  it('says nothing by colour alone: the selected tab, the highlighted domain, statuses and badges', async () => {
    const { page } = run.panel;
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      // The selected tab: a line under it, and under no other (the others' line is the page's own colour).
      const tabs = await page.evaluate(() => {
        const canvas = getComputedStyle(document.body).backgroundColor;
        return [...document.querySelectorAll('[role=tab]')].map((tab) => ({
          selected: tab.getAttribute('aria-selected') === 'true',
          line: getComputedStyle(tab).borderBottomColor !== canvas && getComputedStyle(tab).borderBottomStyle !== 'none',
        }));
      });
      expect(tabs.every(({ selected, line }) => selected === line)).toBe(true);
      // The domain a URL opens: highlighted, and bold beside the rest of the host.
      const domain = await page.locator('.url-consent .host').evaluate((host) => {
        const mark = host.querySelector('mark')!;
        const card = host.closest('section')!;
        return {
          highlighted: getComputedStyle(mark).backgroundColor !== getComputedStyle(card).backgroundColor,
          bolder: Number(getComputedStyle(mark).fontWeight) > Number(getComputedStyle(host).fontWeight),
        };
      });
      expect(domain).toEqual({ highlighted: true, bolder: true });
      // Badges keep their outline and words; the destructive one too.
      await run.panel.tab('Tools');
      const badges = await page.evaluate(() =>
        [...document.querySelectorAll('.badge')]
          .filter((badge) => badge.checkVisibility())
          .map((badge) => [badge.textContent?.trim(), getComputedStyle(badge).borderTopStyle]),
      );
      expect(badges.length).toBeGreaterThan(0);
      for (const [words, border] of badges) expect({ words: Boolean(words), border }).toEqual({ words: true, border: 'solid' });
      // A server's status: a shape or words, never a colour alone.
      await run.panel.tab('Servers');
      const statuses = await page.evaluate(() =>
        [...document.querySelectorAll('.server-state')]
          .filter((state) => state.closest('.server'))
          .map((state) => {
            const shown = [...state.childNodes].some(
              (node) => node instanceof Element && node.checkVisibility() && !node.matches('.sr-only') && node.textContent?.trim(),
            );
            return shown || getComputedStyle(state, '::before').content !== 'none';
          }),
      );
      expect(statuses).toEqual([true]);
    } finally {
      await page.emulateMedia({ forcedColors: 'none' });
      await run.panel.tab('Inbox');
    }
  });
});

describe('reduced motion', () => {
  const run = panelWith();

  /** Whether `locator` looks the same in four screenshots a quarter second apart. */
  async function still(locator: Locator): Promise<boolean> {
    const shots = new Set<string>();
    for (let shot = 0; shot < 4; shot += 1) {
      shots.add((await locator.screenshot({ animations: 'allow' })).toString('base64'));
      await locator.page().waitForTimeout(250);
    }
    return shots.size === 1;
  }

  it('runs no animation and no transition, on any tab or card', async () => {
    const { page } = run.panel;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await twoRequests(run.panel);
    const found: string[] = [];
    for (const tab of TABS) {
      await run.panel.tab(tab);
      found.push(...(await motion(page)).map((what) => `${tab}: ${what}`));
    }
    expect(found).toEqual([]);
  });

  it('keeps still a progress bar of unknown length, which the browser itself moves otherwise', async () => {
    const { page } = run.panel;
    await run.panel.tab('Tools');
    const tool = await run.panel.opened(run.panel.tool('Showcase', 'long_task'));
    // A step every 5 s: between two, nothing on the card changes but what the browser moves.
    await tool.getByRole('spinbutton', { name: /^stepMs/ }).fill('5000');
    await tool.getByRole('checkbox', { name: /^sayTotal/ }).uncheck();
    await run.panel.runTool('Showcase', 'long_task');
    const bar = run.panel.result('long_task').getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.evaluate((element) => element.matches(':indeterminate'))).toBe(true);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await still(bar)).toBe(false);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await still(bar)).toBe(true);
    await run.panel.result('long_task').getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('200 % zoom: 320 CSS px wide', () => {
  // A name of a length servers have: the panel must not cut it off where it is narrow.
  const NAME = 'Showcase of European Deployments';
  const run = panelWith({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 }, NAME);

  it('scrolls no tab sideways and cuts nothing off', async () => {
    const { page } = run.panel;
    expect(await page.evaluate(() => [innerWidth, devicePixelRatio])).toEqual([320, 2]);
    await twoRequests(run.panel, NAME);
    await run.panel.runTool(NAME, 'show_content');
    await run.panel.serverDetails(NAME);
    const found: string[] = [];
    for (const tab of TABS) {
      await run.panel.tab(tab);
      await page.waitForTimeout(300);
      found.push(...[...(await overflowing(page)), ...(await lostContent(page))].map((what) => `${tab}: ${what}`));
    }
    expect(found).toEqual([]);
  });

  it('keeps a form, a URL consent and a sign-in card whole', async () => {
    const { page } = run.panel;
    await run.panel.addServer(run.signIn.mcpUrl, { name: 'Protected' });
    await page.locator('section.request').filter({ hasText: 'needs you to sign in' }).waitFor({ timeout: 20_000 });
    await run.panel.tab('Inbox');
    expect(await page.locator('section.request form').count()).toBeGreaterThan(0);
    expect(await page.locator('section.request .url-consent').count()).toBe(2);
    expect([...(await overflowing(page)), ...(await lostContent(page))]).toEqual([]);
  });
});
