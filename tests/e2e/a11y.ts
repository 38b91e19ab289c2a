/**
 * What the accessibility tests (ACCESSIBILITY.md) read in the panel: where focus is and whether
 * a person can see it, what the live regions say, the accessibility tree Chromium gives a
 * screen reader, what forced colours and reduced motion leave, and what 320 px cuts off.
 */
import type { Page } from 'playwright-core';
import { readText } from '../readText';

/**
 * Why the focused element's focus cannot be seen, or null when it can: focus on <body> (lost),
 * no outline or box-shadow that differs from the same element unfocused (WCAG 2.2 SC 2.4.7), an
 * outline of less than 3:1 against what it is drawn on (SC 1.4.11), or hidden under the sticky
 * tab bar (SC 2.4.11). The unfocused look is read from a shallow copy of the element put beside
 * it for the reading, so nothing is blurred or focused again. Focus inside an MCP App's frame is
 * the app's own to draw: only the frame is checked to hold it.
 */
export function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'focus is on <body>';
    const name = `<${element.tagName.toLowerCase()}${element.id ? ` id="${element.id}"` : ''} class="${element.getAttribute('class') ?? ''}">`;
    if (element.tagName === 'IFRAME') return null;
    const ring = (style: CSSStyleDeclaration) => ({
      outline:
        style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 && !/rgba\(.*, 0\)$|transparent/.test(style.outlineColor)
          ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
          : 'none',
      shadow: style.boxShadow,
    });
    const focused = ring(getComputedStyle(element));
    const copy = element.cloneNode(false) as Element;
    copy.setAttribute('data-a11y-probe', '');
    element.after(copy);
    const unfocused = ring(getComputedStyle(copy));
    copy.remove();
    const outlined = focused.outline !== 'none' && focused.outline !== unfocused.outline;
    const seen = outlined || (focused.shadow !== 'none' && focused.shadow !== unfocused.shadow);
    if (!seen) return `${name} shows no focus indicator (outline ${focused.outline}, box-shadow ${focused.shadow})`;
    if (outlined) {
      // The outline over what is behind it (the parents' backgrounds, composited from the page down): at least 3:1.
      // rgb(r g b / a) in 0–255, or color(srgb r g b / a) in 0–1 (what a color-mix() computes to).
      const channels = (color: string) => {
        const [r = 0, g = 0, b = 0, a = 1] = (color.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).map(Number);
        const scale = color.startsWith('color(srgb') ? 255 : 1;
        return [r * scale, g * scale, b * scale, a];
      };
      const over = ([r = 0, g = 0, b = 0, a = 1]: number[], [br = 0, bg = 0, bb = 0]: number[]) => [
        r * a + br * (1 - a),
        g * a + bg * (1 - a),
        b * a + bb * (1 - a),
      ];
      const layers: string[] = [];
      for (let up = element.parentElement; up; up = up.parentElement) layers.unshift(getComputedStyle(up).backgroundColor);
      const behind = layers.reduce((below, layer) => over(channels(layer), below), [255, 255, 255]);
      const ring = over(channels(getComputedStyle(element).outlineColor), behind);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const linear = (value: number) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      };
      const [light, dark] = [luminance(ring), luminance(behind)].sort((x, y) => y - x) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 3) return `${name}'s focus outline is ${ratio.toFixed(2)}:1 against what is behind it, under 3:1`;
    }
    const box = element.getBoundingClientRect();
    const bar = document.querySelector('.tabbar');
    if (bar && !bar.contains(element) && box.bottom <= bar.getBoundingClientRect().bottom + 1) return `${name} is under the sticky tab bar`;
    if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) return `${name} is out of view`;
    return null;
  });
}

/** The focused element as a person hears it: its role and accessible name, from Chromium's accessibility tree. */
export async function focusedNode(page: Page): Promise<{ role: string; name: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = (await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' })) as { result: { objectId?: string } };
    if (!result.objectId) return { role: '', name: '' };
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false })) as { nodes: AXNode[] };
    const [node] = nodes;
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? '') };
  } finally {
    await cdp.detach();
  }
}

interface AXNode {
  role?: { value: unknown };
  name?: { value: unknown };
  ignored?: boolean;
  properties?: Array<{ name: string; value: { value: unknown } }>;
}

/** Chromium's accessibility tree of the page (CDP Accessibility.getFullAXTree): what a screen reader is given. */
export async function fullTree(page: Page): Promise<AXNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes.filter((node) => !node.ignored);
  } finally {
    await cdp.detach();
  }
}

/** The nodes of the tree with this role, by name. */
export async function named(page: Page, role: string): Promise<string[]> {
  return (await fullTree(page)).filter((node) => node.role?.value === role).map((node) => String(node.name?.value ?? ''));
}

/**
 * Starts recording what the page's live regions would have a screen reader say, as Chromium
 * raises it: text added or changed inside a live region that was there before (aria-live,
 * role status, log or alert), the added nodes alone for a log; and an alert as it is inserted,
 * alone or inside anything added. A region that is not rendered (a hidden tab) says nothing.
 * No screen reader runs: this is the DOM's side of what one is told.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], [role="alert"]';
    const said: string[] = [];
    (globalThis as unknown as { announced: string[] }).announced = said;
    const text = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    new MutationObserver((records) => {
      const added = new Set<Node>();
      for (const record of records) for (const node of record.addedNodes) added.add(node);
      const regions = new Set<Element>();
      const lines: string[] = [];
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        if (!target || target.closest('[data-a11y-probe]')) continue;
        const region = target.closest(LIVE);
        // A region that came in this batch is new: what it holds is not read (an alert, below, is).
        if (region?.checkVisibility() && ![...added].some((node) => node === region || node.contains(region))) {
          if (region.getAttribute('role') === 'log')
            for (const node of record.addedNodes) {
              if (text(node)) lines.push(text(node));
            }
          else regions.add(region);
        }
        for (const node of record.addedNodes) {
          if (!(node instanceof Element) || node.hasAttribute('data-a11y-probe')) continue;
          for (const alert of [node, ...node.querySelectorAll('[role="alert"]')])
            if (alert.getAttribute('role') === 'alert' && alert.checkVisibility() && text(alert)) lines.push(text(alert));
        }
      }
      for (const region of regions) if (text(region)) lines.push(text(region));
      said.push(...lines);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live regions said since recordAnnouncements, oldest first, the isolate characters around a server's words taken out. */
export async function announced(page: Page): Promise<string[]> {
  const said = await page.evaluate(() => (globalThis as unknown as { announced?: string[] }).announced ?? []);
  return said.map((line) => readText(line));
}

/**
 * What 320 CSS px leaves out that a person cannot get to (WCAG 2.2 SC 1.4.10 Reflow): text cut
 * off by a box too small for it (overflow hidden or clip, text-overflow), and controls outside
 * the panel's width. Not a scrolling box (its content is reached by scrolling), nor a
 * description clamped to two lines on purpose (`.clamp`: its row opens to the whole of it).
 */
export function lostContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!element.checkVisibility() || element.closest('.clamp, .sr-only')) continue;
      const style = getComputedStyle(element);
      const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const cut =
        (clips(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
        (clips(style.overflowY) && element.scrollHeight > element.clientHeight + 1);
      if (cut && (element.textContent ?? '').trim())
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> cuts off "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      if (element.matches('button, input, select, textarea, summary, a[href]')) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
          found.push(
            `<${element.tagName.toLowerCase()} class="${element.className}"> is outside the panel (${Math.round(box.left)}–${Math.round(box.right)} px)`,
          );
      }
    }
    return found;
  });
}

/** Animations and transitions that would run: the document's running animations, and any element (or its ::before, ::after) given a transition or an animation. */
export function motion(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = document
      .getAnimations()
      .map((animation) => `a running ${animation.constructor.name} (${(animation as CSSAnimation).animationName ?? ''})`);
    const moving = (style: CSSStyleDeclaration) =>
      style.transitionDuration.split(',').some((duration) => parseFloat(duration) > 0) ||
      (style.animationName !== 'none' && style.animationDuration.split(',').some((duration) => parseFloat(duration) > 0));
    for (const element of document.querySelectorAll('*'))
      for (const pseudo of [null, '::before', '::after'])
        if (moving(getComputedStyle(element, pseudo)))
          found.push(`<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${pseudo ?? ''}`);
    return found;
  });
}
