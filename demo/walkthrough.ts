/**
 * A tour of the panel against the demo servers, driven like a person would: each step
 * waits for what a person would wait for, and can leave a screenshot behind.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PanelPage } from '../tests/e2e/panel';

export interface WalkthroughOptions {
  /** Folder for the PNGs; none are taken without it. */
  screenshots?: string;
  /** Each step's name as it finishes. */
  log?: (step: string) => void;
}

const SHOWCASE = 'Showcase';
const LEGACY = 'Deploys (2025-11-25)';
const MODERN = 'Deploys (2026-07-28)';
const SIGN_IN = 'Sign-in required';
const FAILING_SIGN_IN = 'Sign-in that fails';
const BUDGET = 'Budget (MCP App)';
const OLD_TRANSPORT = 'Old transport (HTTP+SSE)';
const LOGGING = 'Logging';

/** Takes the tour's screenshots; `where`: the top (each picture starts with the tabs), or where the step left the view. */
export function shooter(page: Page, { screenshots, log = () => {} }: WalkthroughOptions, taken: string[]) {
  if (screenshots) mkdirSync(screenshots, { recursive: true });
  return async (name: string, where: 'top' | 'here' = 'top') => {
    log(name);
    if (!screenshots) return;
    const path = join(screenshots, `${name}.png`);
    if (where === 'top') await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
    taken.push(path);
  };
}

/** Fills the showcase's plan_trip form (its labels are the server's words, the same in every language) and shoots it light and dark. */
export async function fillTrip(page: Page, trip: Locator, shot: ReturnType<typeof shooter>): Promise<void> {
  await trip.getByLabel('Your name').fill('Ada Lovelace');
  await trip.getByLabel('Email').fill('ada@example.com');
  await trip.getByLabel('Cabin').selectOption({ label: 'business' });
  await shot('03-form-elicitation');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot('04-form-elicitation-dark');
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A panel with no servers yet: the welcome, finding a server in the demo's registry at `registryUrl`, and Help (the keys). */
export async function firstRun(page: Page, options: WalkthroughOptions, registryUrl: string): Promise<string[]> {
  const taken: string[] = [];
  const shot = shooter(page, options, taken);
  const welcome = page.getByRole('region', { name: 'Welcome to toolnexus' });
  await welcome.getByRole('textbox', { name: 'Server URL' }).waitFor();
  await shot('14-welcome');
  // Found by name in a registry, as a company's subregistry would list it: the Add form then asks its declared header.
  const search = welcome.getByRole('region', { name: 'Search a registry' });
  await search.getByText(/^Registry: /).click();
  await search.getByRole('textbox', { name: 'Registry address' }).fill(registryUrl);
  await search.getByRole('searchbox', { name: 'Find servers by name' }).fill('showcase');
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  const results = search.getByRole('list', { name: 'Registry results' });
  await results.waitFor();
  await search.getByRole('searchbox', { name: 'Find servers by name' }).evaluate((box) => box.scrollIntoView({ block: 'start' }));
  await shot('23-registry-search', 'here');
  await search.getByRole('button', { name: /^Add Showcase / }).click();
  const form = welcome.getByRole('form', { name: 'Add Showcase' });
  await form.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shot('24-registry-add', 'here');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Help' }).getByRole('heading', { name: 'Keyboard' }).waitFor();
  await shot('15-help');
  await page.keyboard.press('Escape');
  return taken;
}

export async function walkthrough(page: Page, options: WalkthroughOptions = {}): Promise<string[]> {
  const { log = () => {} } = options;
  const panel = new PanelPage(page);
  const taken: string[] = [];
  const shot = shooter(page, options, taken);

  // The protected server asks to sign in first: consent names it, its authorization server and scopes.
  const signIn = panel.request(SIGN_IN);
  await signIn.waitFor();
  await shot('00-sign-in-consent');
  await signIn.getByRole('button', { name: 'Open', exact: true }).click();

  // Servers: the others connect on their own (they were saved before the worker started).
  await panel.tab('Servers');
  for (const name of [SHOWCASE, LEGACY, MODERN, BUDGET, OLD_TRANSPORT, LOGGING, 'Icons', 'Live resource', 'Tasks', SIGN_IN]) {
    await page.waitForFunction(
      (region) => document.querySelector(`[aria-label="${region}"] [role="status"]`)?.textContent === 'Connected',
      `Server ${name}`,
    );
  }
  await page.waitForFunction(
    (region) => document.querySelector(`[aria-label="${region}"] [role="status"]`)?.textContent === 'Needs sign-in',
    `Server ${FAILING_SIGN_IN}`,
  );
  await shot('01-servers');

  // Every content type a tool result can carry.
  await panel.runTool(SHOWCASE, 'show_content');
  await panel.result('show_content').getByText('done').waitFor();
  await shot('02-tool-result-content');

  // A form elicitation: the panel jumps to the Inbox with the server's form.
  await panel.runTool(SHOWCASE, 'plan_trip');
  const trip = panel.request(SHOWCASE);
  await trip.waitFor();
  await fillTrip(page, trip, shot);

  await trip.getByRole('button', { name: 'Submit' }).click();
  await trip.waitFor({ state: 'detached' });
  await panel.tab('Tools');
  await panel.result('plan_trip').getByText('done').waitFor();
  await shot('05-form-result');

  // The same question from a 2026-07-28 server, asked as an input_required round.
  await panel.runTool(MODERN, 'deploy');
  const deploy = panel.request(MODERN);
  await deploy.getByLabel('Target').selectOption({ label: 'staging' });
  await deploy.getByLabel('Replicas').fill('2');
  await deploy.getByRole('button', { name: 'Submit' }).click();
  await deploy.waitFor({ state: 'detached' });
  await panel.tab('Tools');
  await panel.result('deploy').getByText('done').waitFor();
  log('modern-era deploy answered');

  // Progress, caught half-way (the earlier results cleared, so it shows first).
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Clear' }).click();
  await panel.runTool(SHOWCASE, 'long_task');
  const progress = page.getByRole('progressbar', { name: 'Progress of long_task' });
  await page.waitForFunction(() => Number(document.querySelector('progress[aria-label="Progress of long_task"]')?.getAttribute('value') ?? 0) >= 4);
  await shot('06-progress');
  await progress.waitFor({ state: 'detached', timeout: 30_000 });

  // Resources: a plain one and a template.
  await panel.tab('Resources');
  await page.getByRole('button', { name: 'Read demo://readme' }).click();
  await page.getByRole('article', { name: 'Resource demo://readme' }).waitFor();
  const template = await panel.opened(page.getByRole('article', { name: 'Template demo://greeting/{name}' }));
  await template.getByRole('combobox', { name: 'name' }).fill('Ada');
  await page.getByRole('button', { name: 'Read demo://greeting/{name}' }).click();
  await page.getByRole('article', { name: 'Resource demo://greeting/Ada' }).getByText('Hello, Ada!').waitFor();
  await shot('07-resources');

  // Prompts.
  await panel.tab('Prompts');
  const review = await panel.opened(
    page.getByRole('region', { name: `Prompts of ${SHOWCASE}` }).getByRole('article', { name: 'Prompt review_code' }),
  );
  await review.getByRole('combobox', { name: 'code' }).fill('const total = items.reduce((a, b) => a + b);');
  // The language completes from the server (completion/complete): type, pick with the keys.
  await review.getByRole('combobox', { name: 'language' }).click();
  await page.keyboard.type('J');
  await review.getByRole('option', { name: 'JavaScript' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await shot('16-completions', 'here');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Get review_code' }).click();
  await page.getByText('Sure — looking for bugs first.').waitFor();
  await shot('08-prompts');

  // URL elicitation: the consent card shows the full URL; here the person declines.
  await panel.runTool(SHOWCASE, 'connect_account');
  const consent = panel.request(SHOWCASE);
  await consent.getByRole('button', { name: 'Open', exact: true }).waitFor();
  await shot('09-url-elicitation');
  await consent.getByRole('button', { name: 'Decline' }).click();
  await consent.waitFor({ state: 'detached' });
  await panel.tab('Tools');
  await panel.result('connect_account').getByText('done').waitFor();

  // History: what each server asked and what was answered.
  await panel.tab('History');
  await page.getByRole('region', { name: `History of ${SHOWCASE}` }).waitFor();
  await shot('10-history');

  // An MCP App: the budget allocator's own interface, in its result card.
  await panel.tab('Tools');
  await panel.runTool(BUDGET, 'get-budget-data');
  const app = page.getByRole('region', { name: 'App of get-budget-data' });
  await app.locator('iframe').waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-label="App of get-budget-data"] [role="status"]')?.textContent === '');
  await app.scrollIntoViewIfNeeded();
  // The app draws its chart once it has the result; a moment lets the paint land.
  await page.waitForTimeout(1_000);
  await shot('11-mcp-app', 'here');

  // Server logs: with the call they were logged for, and on the server's card.
  await panel.runTool(LOGGING, 'log_steps');
  const logged = panel.result('log_steps');
  await logged.getByText('Server log (3)').click();
  await logged.getByRole('list', { name: 'Server log of log_steps' }).waitFor();
  await logged.scrollIntoViewIfNeeded();
  await shot('12-server-log', 'here');

  // The protocol log of a server: each request with its response, filterable, exportable.
  await panel.tab('Servers');
  const showcase = await panel.serverDetails(SHOWCASE);
  await showcase.getByRole('button', { name: 'Protocol log' }).click();
  const protocol = showcase.getByRole('region', { name: `Protocol log of ${SHOWCASE}` });
  await protocol.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/call');
  await protocol.locator('.protocol-records > li').first().waitFor();
  await protocol.locator('.protocol-records summary').first().click();
  await protocol.scrollIntoViewIfNeeded();
  await shot('13-protocol-log', 'here');

  // A sign-in that failed, step by step: where it stopped and why, with the field for what is missing.
  const failing = panel.server(FAILING_SIGN_IN);
  await failing.getByRole('button', { name: 'Show the sign-in, step by step' }).click();
  const trace = failing.getByRole('region', { name: `Sign-in trace of ${FAILING_SIGN_IN}` });
  await trace.locator('.trace-failure').waitFor();
  // From the top of the trace: where it stopped and what to do, then each step in order.
  await trace.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shot('21-sign-in-trace', 'here');

  // A call's arguments kept under a name, listed on the tool's card to run again.
  await panel.tab('Tools');
  const echo = await panel.opened(panel.tool(LEGACY, 'echo'));
  await echo.getByRole('textbox', { name: /^text/ }).fill('hello from a saved call');
  await echo.getByRole('button', { name: 'Run echo' }).click();
  await panel.result('echo').getByRole('button', { name: 'Save arguments: echo' }).click();
  await page.getByRole('textbox', { name: 'Name for this call' }).fill('Say hello');
  await page.keyboard.press('Enter');
  await echo.getByText('Saved calls (1)').click();
  await echo.scrollIntoViewIfNeeded();
  await shot('17-saved-calls', 'here');

  // A live resource: read, watched, read again in place when it changes (every 5 s here).
  await panel.tab('Resources');
  await page.getByRole('region', { name: 'Resources of Live resource' }).getByRole('button', { name: 'Read live://counter' }).click();
  const counter = page.getByRole('article', { name: 'Resource live://counter' }).first();
  await counter.getByRole('button', { name: 'Watch live://counter' }).click();
  await counter.getByText(/Live · updated/).waitFor({ timeout: 15_000 });
  await shot('19-live-resource');
  await counter.getByRole('button', { name: 'Stop watching live://counter' }).click();
  await panel.tab('Tools');

  // A long call run as a task: its card says so, with the server's status message.
  await panel.runTool('Tasks', 'slow');
  const task = panel.result('slow');
  await task.getByText(/of 20000 ms/).waitFor({ timeout: 15_000 });
  await shot('20-task', 'here');
  await task.getByRole('button', { name: 'Cancel' }).click();
  await task.getByText('cancelled').first().waitFor();

  // Many servers, many tools: the filter narrows every server's tools as it is typed.
  await panel.tab('Tools');
  await page.keyboard.press('/');
  await page.keyboard.type('merge pull');
  await page
    .locator('#find-count')
    .getByText(/^1 of /)
    .waitFor();
  await shot('22-filtered-tools');
  await page.keyboard.press('Escape');

  // Icons: the server's own, per theme, from data: or its own origin only.
  const icons = page.getByRole('region', { name: 'Tools of Icons' });
  await icons.locator('img.icon').first().waitFor();
  await icons.scrollIntoViewIfNeeded();
  await shot('18-icons', 'here');

  // The same form from the 2025-11-25 server, as elicitation/create on the call's stream.
  await panel.runTool(LEGACY, 'deploy');
  const legacy = panel.request(LEGACY);
  await legacy.getByRole('button', { name: 'Decline' }).click();
  await legacy.waitFor({ state: 'detached' });
  log('legacy-era deploy declined');
  return taken;
}
