/**
 * Whether a flood of one server or app costs another server anything: that server's form,
 * asked and answered through the panel as a person does, timed at both ends.
 */
import { expect } from 'vitest';
import type { FixtureServer } from '../fixtures/servers';
import type { PanelPage } from './panel';

export interface Answered {
  /** From Run until the Request's form shows in the Inbox. */
  askedMs: number;
  /** From Submit until the server has the answer. */
  answeredMs: number;
}

/** Runs `deploy` of the legacy fixture named `name` and answers its form, timed. */
export async function answerAnotherServer(panel: PanelPage, legacy: FixtureServer, name = 'Legacy Fixture'): Promise<Answered> {
  const before = legacy.seen.length;
  const run = Date.now();
  await panel.runTool(name, 'deploy');
  const request = panel.request(name);
  await request.getByLabel('Target').waitFor({ timeout: 60_000 });
  const askedMs = Date.now() - run;
  await request.getByLabel('Target').selectOption({ label: 'staging' });
  await request.getByLabel('Replicas').fill('1');
  const submitted = Date.now();
  await request.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => legacy.seen.length, { timeout: 60_000, interval: 20 }).toBe(before + 1);
  return { askedMs, answeredMs: Date.now() - submitted };
}
