/**
 * Bench 12: what recording the protocol log costs a `tools/call` (issue 12: under 5 %), and what
 * a full log weighs. The same server and panel, the log on and off in alternating rounds
 * (Settings → "Record a protocol log", then a reconnect), each round the same number of calls
 * timed as row (a) of section 1 is: the panel's message out → the call's `done` state back.
 */
import type { Page } from 'playwright-core';
import type { CommandMessage } from '../lib/port/commands';
import { PROTOCOL_LOG_LENGTH } from '../lib/hub/protocolRecords';
import { type BenchBrowser, waitForState, addServer } from './browser';
import type { ProbeWindow } from './probe';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { summarize } from './stats';
import { extensionCalls } from './tool-call';

export interface ProtocolLogBenchOptions {
  calls: number;
  rounds: number;
}

async function command(page: Page, message: CommandMessage): Promise<void> {
  await page.evaluate((message) => (window as unknown as ProbeWindow).__probe.port!.postMessage(message), message);
}

async function setRecording(page: Page, serverId: string, on: boolean): Promise<void> {
  await command(page, { type: 'command', command: 'updateSettings', args: [{ protocolLog: on }] });
  await command(page, { type: 'command', command: 'reconnect', args: [serverId] });
  // The reconnect takes a few ms on loopback; waiting first keeps the old connection's "connected" from passing for the new one.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await waitForState(page, { connected: 1 });
}

/** The log's size as the panel would receive it, from the worker (an ask). */
async function logSize(page: Page, serverId: string): Promise<{ records: number; bytes: number }> {
  return page.evaluate(
    (serverId) =>
      new Promise<{ records: number; bytes: number }>((resolve) => {
        const probe = (window as unknown as ProbeWindow).__probe;
        const onMessage = (message: { type: string; ticket?: number; value?: unknown }) => {
          if (message.type !== 'answered' || message.ticket !== 424242) return;
          probe.before.delete(onMessage);
          const records = Array.isArray(message.value) ? message.value : [];
          resolve({ records: records.length, bytes: JSON.stringify(records).length });
        };
        probe.before.add(onMessage);
        probe.port!.postMessage({ type: 'ask', ask: 'protocolLog', ticket: 424242, args: [serverId] });
      }),
    serverId,
  );
}

/** `browsers`: this tree's build first, then any baseline's; each round runs on every build in turn. */
export async function benchProtocolLog(browsers: BenchBrowser[], serverUrl: string, options: ProtocolLogBenchOptions): Promise<Section> {
  const panels: Array<{ page: Page; serverId: string; on: number[]; off: number[] }> = [];
  for (const browser of browsers) {
    const page = await browser.openPanel();
    panels.push({ page, serverId: await addServer(page, serverUrl, 'Bench'), on: [], off: [] });
  }
  let text = 0;
  const texts = () => Array.from({ length: options.calls }, () => `log-${(text += 1)}`);
  // Warm both paths once, then alternate which goes first.
  for (let round = 0; round <= options.rounds; round += 1) {
    for (const recording of round % 2 === 0 ? [true, false] : [false, true]) {
      for (const panel of panels) {
        await setRecording(panel.page, panel.serverId, recording);
        const { roundTrips } = await extensionCalls(panel.page, panel.serverId, texts());
        if (round > 0) (recording ? panel.on : panel.off).push(...roundTrips);
      }
    }
  }
  const own = panels[0]!;
  await setRecording(own.page, own.serverId, true);
  // Fill the log to its bound to weigh it.
  while ((await logSize(own.page, own.serverId)).records < PROTOCOL_LOG_LENGTH) await extensionCalls(own.page, own.serverId, texts());
  const full = await logSize(own.page, own.serverId);
  for (const panel of panels) await panel.page.close();
  const costs = panels.map((panel) => {
    const withLog = summarize(panel.on);
    const withoutLog = summarize(panel.off);
    return { withLog, withoutLog, cost: withLog.p50 / withoutLog.p50 - 1 };
  });
  return {
    title: '12. Protocol log: what recording costs a tools/call',
    markdown: [
      `${options.rounds} rounds of ${options.calls} calls each way, alternating, on the timed server (echo); timed as row (a) of section 1. The log is a ring of ${PROTOCOL_LOG_LENGTH.toLocaleString('en')} records per server in the worker's memory, each message cut to 8,000 characters.`,
      '',
      table(
        ['tools/call', 'p50', 'p95', 'n'],
        browsers.flatMap((browser, b) => [
          [forBuild('recording off', browser, browsers), ...latencyCells(costs[b]!.withoutLog)],
          [forBuild('**recording on** (the default)', browser, browsers), ...latencyCells(costs[b]!.withLog)],
        ]),
      ),
      '',
      `A full log for this server (${full.records.toLocaleString('en')} records of echo calls) is ${(full.bytes / 1024).toFixed(0)} KB as JSON; at most ${PROTOCOL_LOG_LENGTH.toLocaleString('en')} × 8,000 characters (~16 MB of UTF-16) for a server whose every message is at the cut.`,
    ].join('\n'),
    targets: [
      {
        name: '12. protocol log recording: tools/call p50 cost',
        goal: '< 5 %',
        measured: besideBaselines(
          costs.map(({ cost, withLog, withoutLog }) => `${(cost * 100).toFixed(1)} % (${withLog.p50.toFixed(2)} vs ${withoutLog.p50.toFixed(2)} ms)`),
          browsers,
        ),
        met: costs[0]!.cost < 0.05,
      },
    ],
  };
}
