/**
 * What the e2e tests of languages share (docs/i18n.md): the build in the pseudo-locale, the
 * check that every visible word of the product's own came from the catalog, the check that
 * nothing runs past the panel's edge, and the visual order of characters (bidi).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ResolvedPublicFile } from 'wxt';
import { catalogAssets } from '../../locales/build';
import { pseudoFirstPart } from '../../locales/firstPart.vite';
import { type FirstEntry, firstPartPath } from '../../lib/i18n/firstPart';
import { PSEUDO_LOCALE } from '../../lib/i18n/pseudo';
import type { PanelTab } from '../panel/contract';
import { EXTENSION_DIR } from './browser';
import { PanelPage } from './panel';

/**
 * The build as `TOOLNEXUS_LOCALE=pseudo npm run build` makes it, from the build `npm test`
 * already made: its catalogs put through the same steps (locales/build.ts, and the panel's first
 * part: locales/firstPart.vite.ts), in a copy.
 */
export function pseudoBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolnexus-pseudo-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const locales = join(dir, '_locales');
  const assets: ResolvedPublicFile[] = readdirSync(locales).map((folder) => ({
    relativeDest: `_locales/${folder}/messages.json`,
    contents: readFileSync(join(locales, folder, 'messages.json'), 'utf8'),
  }));
  catalogAssets(assets, 'pseudo');
  rmSync(locales, { recursive: true });
  for (const asset of assets) {
    const path = join(dir, asset.relativeDest);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'contents' in asset ? String(asset.contents) : '');
  }
  const firstParts = join(dir, dirname(firstPartPath('en')));
  const english = JSON.parse(readFileSync(join(dir, firstPartPath('en')), 'utf8')) as FirstEntry[];
  rmSync(firstParts, { recursive: true });
  mkdirSync(firstParts);
  writeFileSync(join(dir, firstPartPath(PSEUDO_LOCALE)), JSON.stringify(pseudoFirstPart(english)));
  return dir;
}

/**
 * The panel driven in any language: tabs found by their place, a server's tools by its group's
 * name and a tool's name (the server's words, the same in every language), not by the English
 * names of their regions and buttons.
 */
export class LocalizedPanel extends PanelPage {
  override async tab(name: PanelTab): Promise<void> {
    await this.page.locator(`#tab-${name.toLowerCase()}`).click();
  }

  override tool(serverName: string, tool: string): Locator {
    const group = this.page.locator('section.server-group').filter({ has: this.page.locator('.group-name', { hasText: serverName }) });
    return group.locator('article.item').filter({ has: this.page.locator('.item-toggle', { hasText: tool }) });
  }

  override async runTool(serverName: string, tool: string): Promise<void> {
    await this.tab('Tools');
    const row = this.tool(serverName, tool);
    await this.drawn(row, this.page.locator('.row-gap'));
    await row.locator('.run').click();
  }

  /** Adds a server with the Servers tab's form, found by its fields' ids (components/servers/ServerForm.tsx, `add`). */
  override async addServer(url: string, options: { name?: string } = {}): Promise<void> {
    await this.tab('Servers');
    const form = this.page.locator('form.server-form').filter({ has: this.page.locator('#add-url') });
    await form.locator('#add-url').fill(url);
    if (options.name !== undefined) {
      if ((await form.locator('details[open]').count()) === 0) await form.locator('summary').click();
      await form.locator('#add-name').fill(options.name);
    }
    await form.locator('button[type="submit"]').click();
  }

  /** A server's card on the Servers tab, by the name on its line (the server's words, the same in every language). */
  override server(name: string): Locator {
    return this.page.locator('section.server').filter({ has: this.page.locator('.server-name', { hasText: name }) });
  }

  /** The server's protocol log, opened from its card (the first of its buttons that open a view). */
  async protocolLog(name: string): Promise<Locator> {
    const card = await this.serverDetails(name);
    await card.locator('.server-details .actions button[aria-expanded]').first().click();
    const log = card.locator('section.protocol-log');
    await log.locator('.protocol-records, p.muted').last().waitFor();
    return log;
  }

  /** The newest result of a tool, by the tool's name in its heading. */
  override result(tool: string): Locator {
    return this.page
      .locator('article.call')
      .filter({ has: this.page.locator('.activity-title', { hasText: tool }) })
      .first();
  }
}

/**
 * Visible words under `roots` (CSS selectors) that the pseudo catalog did not give: text with
 * a plain Latin letter in it (lib/i18n/pseudo.ts accents every one; lib/i18n/format.ts writes
 * what Intl formats in fullwidth letters), in text or in a name a screen reader reads. What a
 * server, registry, site or the person wrote is marked (`data-from`) and left out, as is what
 * must not be translated (`translate="no"`), and so are the isolated parts of a sentence built as
 * plain text (lib/i18n `isolated()`, `isolatedUrl()`: a server's name, a URL). A name in an
 * attribute that is one whole message (⟦…⟧) came from the catalog, whatever value it holds: a
 * screen reader's name is not laid out, so a server's name in it is not isolated.
 */
export function unlocalizedText(page: Page, roots: string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const theirs = '[data-from], [translate="no"]';
    const ours = (text: string) => text.replace(/[\u2066-\u2068][^\u2066-\u2069]*\u2069/g, '').trim();
    const found: string[] = [];
    for (const root of selectors.flatMap((selector) => [...document.querySelectorAll(selector)])) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (parent && !parent.closest(theirs) && parent.checkVisibility() && /[a-zA-Z]/.test(ours(text))) found.push(text);
      }
      for (const element of [root, ...root.querySelectorAll('*')]) {
        if (element.closest(theirs) || !element.checkVisibility()) continue;
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = ours(element.getAttribute(name) ?? '');
          if (/[a-zA-Z]/.test(value) && !/^⟦[^⟦⟧]*⟧$/.test(value)) found.push(`${name}="${value}"`);
        }
      }
    }
    return found;
  }, roots);
}

/** Everything visible that reaches past the panel's left or right edge, unless a scrolling or clipping box holds it; and a page that scrolls sideways. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      // Not what a person sees: `visibility: hidden` too (the spare app frame kept off screen, components/apps/sandboxFrame.ts).
      if (box.width === 0 || !element.checkVisibility({ visibilityProperty: true }) || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      let held = false;
      for (let up = element.parentElement; up && up !== document.body && !held; up = up.parentElement)
        held = getComputedStyle(up).overflowX !== 'visible';
      if (!held)
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  });
}

/** Where each character of `locator`'s text is laid out (left edge, top), in the text's logical order; none of what is in `except`. */
export function characterBoxes(locator: Locator, except?: string): Promise<Array<[left: number, top: number]>> {
  return locator.evaluate((element, skipped) => {
    const boxes: Array<[number, number]> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (skipped && node.parentElement?.closest(skipped)) continue;
      for (let index = 0; index < (node.textContent?.length ?? 0); index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) boxes.push([box.left, box.top]);
      }
    }
    return boxes;
  }, except);
}

/**
 * Whether the characters read left to right in their logical order, line after line: on a
 * line each stands right of the one before, and a new line starts below. Reversed text fails.
 */
export const leftToRight = (boxes: Array<[number, number]>) =>
  boxes.length > 1 &&
  boxes.every(([left, top], index) => {
    if (index === 0) return true;
    const [lastLeft, lastTop] = boxes[index - 1]!;
    return Math.abs(top - lastTop) < 1 ? left > lastLeft : top > lastTop;
  });
