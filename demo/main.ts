/**
 * `npm run demo`: the built extension in Chromium with the bundled MCP servers already
 * added. `npm run demo -- --headless --screenshots DIR` walks through every feature
 * without a window, saves screenshots and exits.
 */
import { parseArgs } from 'node:util';
import type { SavedServer } from '../lib/hub';
import { checkDisplay, DemoError, findBrowser, launchDemoBrowser, panelUrl, saveServersAndStopWorker, type DemoBrowser } from './browser';
import { startDemoRegistry } from './registry';
import { closeDemoServers, startDemoServers, type RunningDemoServer } from './servers';
import { firstRunInLanguage, walkthroughInLanguage } from './languageTour';
import { firstRun, walkthrough } from './walkthrough';

const USAGE = `Usage: npm run demo [-- [--headless] [--screenshots DIR] [--walkthrough] [--lang CODE]]

  (no flags)        open Chromium with toolnexus and the demo servers; runs until you close it
  --walkthrough     also play the feature tour in the window, then leave it open
  --headless        no window: play the tour and exit
  --screenshots DIR save the tour's screenshots (PNG) into DIR
  --lang CODE       the browser (and so the panel) in that language (ja, de, ar…: locales/);
                    the tour then takes its main screens only

  CHROME_PATH       the Chromium, Chrome for Testing or Chrome to use`;

function options() {
  const { values } = parseArgs({
    options: {
      headless: { type: 'boolean', default: false },
      screenshots: { type: 'string' },
      walkthrough: { type: 'boolean', default: false },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    help: values.help ?? false,
    headless: values.headless ?? false,
    screenshots: values.screenshots,
    lang: values.lang,
    tour: (values.headless ?? false) || (values.walkthrough ?? false) || values.screenshots !== undefined,
  };
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function printServers(servers: RunningDemoServer[]): void {
  console.log('Demo MCP servers (127.0.0.1 only):');
  for (const server of servers) console.log(`  ${server.name.padEnd(22)} ${server.url}`);
}

function printWhatToTry(servers: RunningDemoServer[]): void {
  console.log('\nWhat to try in the panel:');
  for (const server of servers) console.log(`  ${server.name}: ${server.tryThis}`);
  console.log(
    '\nThe panel is open in a tab; the toolbar icon opens the real side panel (pin toolnexus from the puzzle-piece menu).' +
      '\nClose the browser window or press Ctrl-C to stop.\n',
  );
}

async function main(): Promise<number> {
  const opts = options();
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const executablePath = findBrowser();
  checkDisplay(opts.headless);

  let servers: RunningDemoServer[] = [];
  let registry: Awaited<ReturnType<typeof startDemoRegistry>> | undefined;
  let browser: DemoBrowser | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await browser?.close();
      await Promise.all([closeDemoServers(servers), registry?.close()]);
    })());
  // `on`, not `once`: npm and tsx pass Ctrl-C on to us as well, so it may come twice.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    console.log(`\n${signal}: closing the browser and the demo servers…`);
    void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    servers = await startDemoServers();
    registry = await startDemoRegistry(servers);
    printServers(servers);
    console.log(`Demo MCP Registry: ${registry.url} (put it in the search's "Registry address")`);
    browser = await launchDemoBrowser({ executablePath, headless: opts.headless, lang: opts.lang });
    // The English tour finds the panel by its English names; in another language, by place.
    const english = opts.lang === undefined || opts.lang === 'en';
    const tour = { screenshots: opts.screenshots, log: (step: string) => console.log(`  ✓ ${step}`) };
    const saved: SavedServer[] = servers.map((server, index) => ({
      id: `demo-${index + 1}`,
      url: server.url,
      name: server.name,
      enabled: true,
    }));
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(20_000);
    if (opts.tour) {
      // What a new person sees first: the panel before any server is added.
      await page.goto(panelUrl(browser));
      await (english ? firstRun(page, tour, registry.url) : firstRunInLanguage(page, tour));
      await page.goto('about:blank');
    }
    await saveServersAndStopWorker(browser, page, saved);
    // Opening the panel wakes the worker, which connects the saved servers.
    await page.goto(panelUrl(browser));
    console.log(`toolnexus is loaded in ${executablePath} (${seconds(started)}).`);

    if (opts.tour) {
      const taken = await (english ? walkthrough(page, tour) : walkthroughInLanguage(page, tour));
      if (opts.screenshots) console.log(`${taken.length} screenshots in ${opts.screenshots}`);
      console.log(`Walk-through done in ${seconds(started)}.`);
    }
    if (opts.headless) return 0;

    printWhatToTry(servers);
    // Closing the last window ends the persistent context (and the browser).
    await new Promise<void>((resolve) => browser!.context.once('close', () => resolve()));
    console.log('Browser closed.');
    return 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DemoError ? `\n${error.message}` : error);
    process.exit(1);
  },
);
