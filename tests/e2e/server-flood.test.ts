/**
 * Issue 25, isolation of cost between servers: one server's flood (50,000 log messages or
 * progress notifications, 2,000 list_changed) never delays another server's Request by more
 * than a second, and what the flooding server's budget dropped is counted on its card, never
 * silently. 500 questions at once: the inbox's bound holds and says so (those past it refused
 * where they enter the client, lib/mcp/questionGate.ts), and the other server's form is shown
 * and answered within a second each.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_PER_SERVER } from '../../lib/inbox';
import { DEFAULT_COUNT, type FloodKind, type FloodReport, startFloodingServer } from '../fixtures/flooding-server';
import { type FixtureServer, startLegacyServer } from '../fixtures/servers';
import { answerAnotherServer } from './another-server';
import { withExtension } from './rig';

const FLOODER = 'Flooding Fixture';
let flooder: FixtureServer;
let legacy: FixtureServer;

const rig = withExtension(
  async () => {
    [flooder, legacy] = await Promise.all([startFloodingServer(), startLegacyServer()]);
    return [flooder, legacy];
  },
  async ({ panel }) => {
    for (const server of [flooder, legacy]) await panel.addServer(server.url);
  },
  90_000,
);

const report = (kind: FloodKind) => flooder.seen.findLast((entry) => entry.tool === `flood_${kind}`)?.result as FloodReport | undefined;

describe('One server’s flood costs no other server', () => {
  it('both servers connect', async () => {
    for (const name of [FLOODER, 'Legacy Fixture']) {
      await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    }
  }, 60_000);

  for (const kind of ['log', 'progress', 'list_changed'] as const) {
    it(`${DEFAULT_COUNT[kind].toLocaleString('en')} × ${kind}: another server’s form is asked and answered within a second each, and what was dropped is counted on the flooder’s card`, async () => {
      await rig.panel.runTool(FLOODER, `flood_${kind}`);
      // The flood is under way (the server has written it all; the client is still reading it).
      await expect.poll(() => report(kind)?.sent ?? 0, { timeout: 30_000, interval: 50 }).toBe(DEFAULT_COUNT[kind]);
      const { askedMs, answeredMs } = await answerAnotherServer(rig.panel, legacy);
      console.log(
        `${kind} flood of ${DEFAULT_COUNT[kind]}: another server's form shown in ${askedMs} ms, its answer at the server in ${answeredMs} ms`,
      );
      expect(askedMs).toBeLessThan(1_000);
      expect(answeredMs).toBeLessThan(1_000);
      const card = await rig.panel.serverDetails(FLOODER);
      await expect.poll(() => card.getByRole('status', { name: 'Dropped messages' }).textContent(), { timeout: 20_000 }).toMatch(/dropped [\d,]+/);
    }, 120_000);
  }

  it(`${DEFAULT_COUNT.questions} questions at once: ${MAX_PENDING_PER_SERVER} wait, the rest are refused and said so; another server’s answer reaches it within a second`, async () => {
    await rig.panel.runTool(FLOODER, 'flood_questions');
    await expect.poll(() => report('questions')?.sent ?? 0, { timeout: 30_000, interval: 50 }).toBe(DEFAULT_COUNT.questions);
    // Each new Request brings the Inbox forward: once the 50 that wait are in, the other server is
    // asked while the client is still refusing the rest (one at a time, lib/mcp/eventFilter.ts).
    const group = rig.panel.page.getByRole('region', { name: `Requests from ${FLOODER}` });
    await expect.poll(() => group.locator('h2 .count').textContent(), { timeout: 30_000, interval: 50 }).toBe(String(MAX_PENDING_PER_SERVER));
    const refusedBefore = report('questions')?.refused ?? 0;
    const { askedMs, answeredMs } = await answerAnotherServer(rig.panel, legacy);
    console.log(
      `questions flood of ${DEFAULT_COUNT.questions}: another server's form shown in ${askedMs} ms, its answer at the server in ${answeredMs} ms (${refusedBefore} refused when it was asked)`,
    );
    expect(askedMs).toBeLessThan(1_000);
    expect(answeredMs).toBeLessThan(1_000);
    await expect.poll(() => report('questions')?.refused ?? 0, { timeout: 30_000 }).toBe(DEFAULT_COUNT.questions - MAX_PENDING_PER_SERVER);
    const notice = rig.panel.page.getByRole('region', { name: `Refused for ${FLOODER}` });
    await expect.poll(() => notice.locator('.error').textContent()).toMatch(/asked more than 50 questions at once/);
  }, 120_000);
});
