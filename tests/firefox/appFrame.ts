/**
 * An MCP App's own document in Firefox, reached over Marionette: the srcdoc frame inside the
 * packaged sandbox page (entrypoints/appframe-firefox.html) inside the card that holds it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Locator } from './locator';
import { type ElementRef, elementId, type Marionette } from './marionette';

/** Makes the app's document inside `holder` the one Marionette drives; false while there is no frame yet. */
async function intoApp(marionette: Marionette, holder: Locator): Promise<boolean> {
  const [outer] = await holder.locator('iframe').all();
  if (!outer) return false;
  await marionette.send('WebDriver:SwitchToFrame', { element: elementId(outer) });
  const inner = await marionette.send<ElementRef>('WebDriver:FindElement', { using: 'css selector', value: 'iframe' });
  await marionette.send('WebDriver:SwitchToFrame', { element: elementId(inner) });
  return true;
}

/** Runs `script` (an async function body) in the app's document inside `holder`, and comes back to the panel. */
export async function inApp<T>(marionette: Marionette, holder: Locator, script: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if (await intoApp(marionette, holder)) {
        return await marionette.executeAsync<T>(
          `const done = arguments[arguments.length - 1]; (async () => { ${script} })().then(done, (error) => done('error: ' + error));`,
        );
      }
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      await marionette.send('WebDriver:SwitchToFrame', {});
    }
    if (Date.now() > deadline) throw new Error('No app frame within 20 s.');
    await sleep(250);
  }
}

/** Clicks the app's button named `name` inside its document, as a person's click would (a Marionette click in that frame). */
export async function clickInApp(marionette: Marionette, holder: Locator, name: string): Promise<void> {
  try {
    if (!(await intoApp(marionette, holder))) throw new Error('No app frame to click in.');
    const button = await marionette.send<ElementRef>('WebDriver:FindElement', {
      using: 'xpath',
      value: `//button[normalize-space()=${JSON.stringify(name)}]`,
    });
    await marionette.click(button);
  } finally {
    await marionette.send('WebDriver:SwitchToFrame', {});
  }
}
