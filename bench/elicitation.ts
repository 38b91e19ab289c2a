/**
 * Bench 2: from the server sending `elicitation/create` to the panel being ready to answer.
 * The timed server writes its wall-clock send time into the prompt; the page watches the DOM
 * (MutationObserver) for the card's first field (a form) or its Open button (a URL) to be
 * present, enabled, visible and focusable, and converts the server's time to its own clock
 * with a measured offset (clock.ts). Each Request is then declined with its button.
 * Baselines, interleaved: the SDK v2 client in Node, time until its elicitation handler runs;
 * and the floor (bench/floor-worker), whose worker posts the elicitation to its panel as it comes
 * and whose panel draws the prompt, one focused field and a Decline button (forms only).
 */
import type { Page } from 'playwright-core';
import { addServer, type BenchBrowser } from './browser';
import { FLOOR_LABEL, FLOOR_SERVER, openFloorPanel } from './floor';
import { measureClockOffset, timerResolution, type ClockOffset } from './clock';
import type { ProbeWindow } from './probe';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { connectSdkClient } from './sdk-client';
import { interleave, ms, ratio, summarize } from './stats';
import { sentAtPattern, wallClock } from './timed-server';

export interface ElicitationOptions {
  /** Runs per kind (form, URL); the 10-field form gets half. */
  runs: number;
  warmup: number;
  rounds: number;
}

type Kind = 'form' | 'big' | 'url';

interface PanelTimes {
  /** Server sent → the state carrying the Request reached the panel. */
  arrived: number[];
  /** Server sent → the field / Open button present, enabled, visible, focusable. */
  ready: number[];
  /** Server sent → the frame after that was produced. */
  painted: number[];
  /** Server sent → the panel had moved focus into the form (forms only). */
  focused: number[];
}

/** Runs in the page: asks `count` Requests one after another and declines each. */
async function panelRuns(page: Page, args: { serverId: string; kind: Kind; first: number; count: number; clock: ClockOffset }): Promise<PanelTimes> {
  return page.evaluate(async ({ serverId, kind, first, count, clock }) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const port = probe.port;
    if (!port) throw new Error('The panel has no port to the worker.');
    const times = { arrived: [] as number[], ready: [] as number[], painted: [] as number[], focused: [] as number[] };
    const word = kind === 'url' ? 'url' : 'form';
    // A server time S is page time S - offset; as performance.now(): minus timeOrigin.
    const toPage = (serverTime: number) => serverTime - clock.offsetMs - performance.timeOrigin;
    const focusable = (element: Element | null | undefined): element is HTMLElement =>
      element instanceof HTMLElement && !(element as HTMLInputElement).disabled && element.tabIndex >= 0 && element.checkVisibility();

    for (let n = first; n < first + count; n += 1) {
      const prefix = `Bench ${word} ${n} sent at `;
      const arrived = probe.state((state) => state.inbox.some((request) => request.prompt.startsWith(prefix)), 10_000, prefix);
      const ready = new Promise<{ at: number; card: Element; target: HTMLElement; painted: Promise<number> }>((resolve, reject) => {
        const check = () => {
          for (const card of document.querySelectorAll('section.card.request')) {
            if (!card.querySelector('.prompt')?.textContent?.startsWith(prefix)) continue;
            const target =
              kind === 'url'
                ? [...card.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Open')
                : card.querySelector('input, select, textarea');
            if (!focusable(target)) return;
            const at = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve({ at, card, target, painted: probe.nextFrame() });
            return;
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${prefix}… never became answerable`));
        }, 10_000);
      });
      const args = kind === 'url' ? { n } : { n, big: kind === 'big' };
      port.postMessage({ type: 'command', command: 'callTool', args: [serverId, kind === 'url' ? 'ask_url' : 'ask_form', args] });

      const { at, card, target, painted } = await ready;
      const sentAt = toPage(Number(/sent at (\d+(?:\.\d+)?)/.exec(card.querySelector('.prompt')?.textContent ?? '')?.[1]));
      const focusedAt =
        kind === 'url'
          ? undefined
          : document.activeElement === target
            ? at
            : await new Promise<number | undefined>((resolve) => {
                const timer = setTimeout(() => resolve(undefined), 2_000);
                target.addEventListener(
                  'focus',
                  () => {
                    clearTimeout(timer);
                    resolve(performance.now());
                  },
                  { once: true },
                );
              });
      const paintedAt = await painted;
      times.arrived.push((await arrived).at - sentAt);
      times.ready.push(at - sentAt);
      times.painted.push(paintedAt - sentAt);
      if (focusedAt !== undefined) times.focused.push(focusedAt - sentAt);

      const finished = probe.state(
        (state) => state.activities.some((activity) => activity.kind === 'tool' && activity.args.n === n && activity.status !== 'running'),
        10_000,
        `the call behind ${prefix}`,
      );
      [...card.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Decline')!.click();
      const { state } = await finished;
      const activity = state.activities.find((item) => item.kind === 'tool' && item.args.n === n);
      const text = activity?.kind === 'tool' ? (activity.result?.content[0] as { text?: string } | undefined)?.text : undefined;
      if (text !== 'decline') throw new Error(`${prefix}… was answered ${text ?? activity?.error ?? 'nothing'}, not decline`);
    }
    return times;
  }, args);
}

/**
 * `browsers`: this tree's build first, then any baseline's; `floor`: bench/floor-worker's
 * extension, asked the 4-field forms only. Their blocks are interleaved with each other's and Node's.
 */
export async function benchElicitation(
  browsers: BenchBrowser[],
  serverUrl: string,
  options: ElicitationOptions,
  floor?: BenchBrowser,
): Promise<Section> {
  const clockUrl = new URL('/clock', serverUrl).href;
  const empty = (): PanelTimes => ({ arrived: [], ready: [], painted: [], focused: [] });
  type Panel = { browser: BenchBrowser; page: Page; serverId: string; times: Record<Kind, PanelTimes> };
  const panels: Panel[] = [];
  for (const browser of browsers) {
    const page = await browser.openPanel();
    panels.push({ browser, page, serverId: await addServer(page, serverUrl, 'Bench'), times: { form: empty(), big: empty(), url: empty() } });
  }
  const floorPanel: Panel | undefined = floor && {
    browser: floor,
    page: await openFloorPanel(floor, serverUrl),
    serverId: FLOOR_SERVER,
    times: { form: empty(), big: empty(), url: empty() },
  };
  const pageResolution = await panels[0]!.page.evaluate(timerResolution);

  // Node baseline: the handler parses the send time and declines.
  const nodeSamples: Record<'form' | 'url', number[]> = { form: [], url: [] };
  let nodeClock = await measureClockOffset({ clockUrl, samples: 40 });
  let recording = false;
  const sdk = await connectSdkClient(serverUrl, {
    onElicit: async ({ message }) => {
      const arrived = wallClock();
      const sent = Number(sentAtPattern.exec(message)?.[1]);
      const kind = message.startsWith('Bench url') ? 'url' : 'form';
      if (recording) nodeSamples[kind].push(arrived - (sent - nodeClock.offsetMs));
      return { action: 'decline' };
    },
  });

  const clocks: ClockOffset[] = [];
  let n = 0;
  const panelStep = (panel: Panel, kind: Kind, count: number) => async () => {
    // Re-measured every block, so clock drift over the run cannot add up.
    const clock = await panel.page.evaluate(measureClockOffset, { clockUrl, samples: 40 });
    clocks.push(clock);
    const times = await panelRuns(panel.page, { serverId: panel.serverId, kind, first: n, count, clock });
    n += count;
    if (!recording) return;
    for (const key of ['arrived', 'ready', 'painted', 'focused'] as const) panel.times[kind][key].push(...times[key]);
  };
  const nodeStep = (kind: 'form' | 'url', count: number) => async () => {
    nodeClock = await measureClockOffset({ clockUrl, samples: 40 });
    clocks.push(nodeClock);
    for (let i = 0; i < count; i += 1, n += 1) {
      const result = await sdk.callTool({ name: kind === 'url' ? 'ask_url' : 'ask_form', arguments: { n } });
      if ((result.content as Array<{ text?: string }>)[0]?.text !== 'decline') throw new Error('The SDK baseline was not declined.');
    }
  };
  const steps = (count: number) => [
    ...panels.map((panel) => panelStep(panel, 'form', count)),
    ...(floorPanel ? [panelStep(floorPanel, 'form', count)] : []),
    nodeStep('form', count),
    ...panels.map((panel) => panelStep(panel, 'url', count)),
    nodeStep('url', count),
    ...panels.map((panel) => panelStep(panel, 'big', Math.ceil(count / 2))),
  ];
  await interleave(1, steps(options.warmup));
  recording = true;
  await interleave(options.rounds, steps(Math.ceil(options.runs / options.rounds)));
  await sdk.close();
  for (const panel of panels) await panel.page.close();
  await floorPanel?.page.close();

  const worstError = Math.max(...clocks.map((clock) => clock.errorMs));
  const offsets = clocks.map((clock) => clock.offsetMs);
  const row = (label: string, samples: number[]) => [label, ...latencyCells(summarize(samples))];
  const panelRows = panels.flatMap(({ browser, times }) => {
    const label = (text: string) => forBuild(text, browser, browsers);
    return [
      row(label('form (4 fields): state reaches the panel'), times.form.arrived),
      row(label('**form (4 fields): first field ready**'), times.form.ready),
      row(label('form (4 fields): painted'), times.form.painted),
      row(label('form (4 fields): focused'), times.form.focused),
      row(label('form (10 fields, plan_trip schema): first field ready'), times.big.ready),
      row(label('form (10 fields): painted'), times.big.painted),
      row(label('URL consent: state reaches the panel'), times.url.arrived),
      row(label('**URL consent: Open button ready**'), times.url.ready),
      row(label('URL consent: painted'), times.url.painted),
    ];
  });
  const floorRows = floorPanel
    ? [
        row(`form (4 fields): state reaches the panel — *${FLOOR_LABEL}*`, floorPanel.times.form.arrived),
        row(`**form (4 fields): first field ready** — *${FLOOR_LABEL}*`, floorPanel.times.form.ready),
        row(`form (4 fields): painted — *${FLOOR_LABEL}*`, floorPanel.times.form.painted),
      ]
    : [];
  const floorForm = floorPanel && summarize(floorPanel.times.form.ready);
  const markdown = [
    `Server-side send time → the panel page, ${options.runs} runs per kind (the 10-field form: ${Math.ceil(options.runs / options.rounds / 2) * options.rounds}) ` +
      `after ${options.warmup} warm-up runs each, in ${options.rounds} interleaved rounds. Each Request is declined with its Decline button ` +
      'and the call finishes before the next is asked. "ready" = the form\'s first field (or the URL card\'s Open button) is in the DOM, ' +
      'enabled, visible (`checkVisibility()`) and has `tabIndex ≥ 0`, seen by a MutationObserver; "painted" = the frame after that; ' +
      '"focused" = the panel has moved focus into the form (its effect runs after paint).' +
      (floorPanel
        ? ' The floor is an extension whose worker holds only the SDK v2 client and posts each elicitation to its panel as it comes ' +
          '(nothing stored first), and whose panel draws it as its prompt, one focused field and a Decline button.'
        : ''),
    '',
    table(
      ['from the server sending elicitation/create to …', 'p50', 'p95', 'n'],
      [
        ...panelRows,
        ...floorRows,
        row('baseline: SDK v2 client in Node, form handler called', nodeSamples.form),
        row('baseline: SDK v2 client in Node, URL handler called', nodeSamples.url),
      ],
    ),
    '',
    `Clocks: the server (Node) and the page both count \`performance.timeOrigin + performance.now()\` from the Unix epoch; ` +
      `their offset is measured before every block over loopback HTTP (best of 40 round trips): it stayed between ` +
      `${Math.min(...offsets).toFixed(2)} and ${Math.max(...offsets).toFixed(2)} ms (bound ±${ms(worstError)} at worst), and is subtracted. ` +
      `\`performance.now()\` steps by ${ms(pageResolution)} in the extension page (Chromium coarsens it), continuously in Node.`,
  ].join('\n');
  const form = panels.map((panel) => summarize(panel.times.form.ready));
  const url = panels.map((panel) => summarize(panel.times.url.ready));
  return {
    title: '2. Elicitation → answerable',
    markdown,
    targets: [
      ...(floorForm
        ? [
            {
              name: '2. form ready p95 ÷ its floor (a panel drawing one field from a worker with only the SDK client)',
              goal: '≤ 1.2×',
              measured: besideBaselines(
                form.map((s) => `${ratio(s.p95, floorForm.p95)} (${ms(s.p95)} vs ${ms(floorForm.p95)}; p50 ${ratio(s.p50, floorForm.p50)})`),
                browsers,
              ),
              met: form[0]!.p95 <= 1.2 * floorForm.p95,
            },
          ]
        : []),
      {
        name: '2. form ready p95',
        goal: '≤ 12 ms',
        information: true,
        measured:
          besideBaselines(
            form.map((s) => ms(s.p95)),
            browsers,
          ) + (floorForm ? `; the floor, a panel drawing one field from a worker with only the SDK client: ${ms(floorForm.p95)}` : ''),
        met: form[0]!.p95 <= 12,
      },
      {
        name: '2. URL consent ready p95',
        goal: '≤ 25 ms',
        measured: besideBaselines(
          url.map((s) => ms(s.p95)),
          browsers,
        ),
        met: url[0]!.p95 <= 25,
      },
    ],
  };
}
