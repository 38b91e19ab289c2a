/**
 * Issue 41, accessibility: what a screen reader is told, in Chromium, against the showcase
 * server. A new Request, a finished call and an error are each said once, in words, when they
 * happen: not again on a later state patch (the clock, a call's progress) nor when a tab is
 * drawn again. Read two ways: the live regions' text as it changes (recordAnnouncements, the
 * DOM's side of what Chromium raises), and Chromium's accessibility tree (the names a screen
 * reader reads as focus or its cursor reaches them). No screen reader runs: ACCESSIBILITY.md.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { announced, focusedNode, named, recordAnnouncements } from './a11y';
import { withExtension } from './rig';

const rig = withExtension(startShowcaseServer, async ({ panel }) => {
  await panel.addServer(rig.server.url);
  await panel.server('Showcase').getByRole('status').filter({ hasText: 'Connected' }).waitFor();
});

beforeAll(() => recordAnnouncements(rig.panel.page));

/** How many times the live regions said something matching `pattern`. */
const times = async (pattern: RegExp) => (await announced(rig.panel.page)).filter((line) => pattern.test(line)).length;

/** Lets the panel's clock tick and patches arrive: what is said once must not be said again meanwhile. */
const aWhile = () => rig.panel.page.waitForTimeout(2_500);

describe('what a screen reader is told', () => {
  it('says a new Request once, with its server and question; its card is a region named for the server, focus in its first field', async () => {
    await rig.panel.runTool('Showcase', 'plan_trip');
    const card = rig.panel.request('Showcase');
    await card.waitFor();
    await expect.poll(() => times(/^New request from Showcase: Tell me about your trip\.$/)).toBe(1);
    expect(await named(rig.panel.page, 'region')).toContain('Request from Showcase');
    await expect.poll(() => focusedNode(rig.panel.page)).toEqual({ role: 'textbox', name: 'Your name*' });
    // The Inbox tab says how many wait, in words.
    expect(await named(rig.panel.page, 'tab')).toContain('Inbox 1 pending');
    // A call that reports progress patches the state every 300 ms meanwhile.
    await rig.panel.runTool('Showcase', 'long_task');
    await aWhile();
    expect(await times(/^New request from Showcase/)).toBe(1);
  });

  it('says a finished call once, and not again when its tab is drawn again', async () => {
    await expect.poll(() => times(/^long_task finished\.$/), { timeout: 15_000 }).toBe(1);
    expect(await named(rig.panel.page, 'article')).toContain('Result of long_task');
    await rig.panel.tab('Inbox');
    await rig.panel.tab('Tools');
    await aWhile();
    expect(await times(/long_task/)).toBe(1);
  });

  it("says an error once, in the server's words, and not again when its tab is drawn again", async () => {
    await rig.panel.runTool('Showcase', 'fail');
    await expect.poll(() => times(/^fail failed: The disk is full\.$/)).toBe(1);
    const result = rig.panel.result('fail');
    expect(await result.locator('.error').textContent()).toContain('Error');
    await rig.panel.tab('Inbox');
    await rig.panel.tab('Tools');
    await aWhile();
    expect(await times(/disk is full|Error/)).toBe(1);
  });

  it('says nothing while nothing happens: no clock, no count, no status said over and over', async () => {
    const before = (await announced(rig.panel.page)).length;
    await aWhile();
    expect((await announced(rig.panel.page)).slice(before)).toEqual([]);
    await rig.panel.tab('Inbox');
    await rig.panel.request('Showcase').getByRole('button', { name: 'Cancel' }).click();
  });
});
