/**
 * Issue 29, Skills (SEP-2640 at 753b9f2b) in Chromium: a server's skills show beside its prompts;
 * reading one shows its SKILL.md among the results after the worker checked its digest, a
 * supporting file reads on its own, and bad skills say why: 50 MB is refused from its entry, a
 * digest that does not match fails the read with the reason and shows no content.
 */
import { describe, expect, it } from 'vitest';
import { startSkillsServer } from '../fixtures/skills-server';
import { withExtension } from './rig';

const NAME = 'Skills';
const run = withExtension(startSkillsServer);

describe('skills', () => {
  it('are listed beside the prompts, read verified on a click, and refused with why', async () => {
    const { panel, server } = run;
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus(NAME)).toBe('Connected');
    await panel.tab('Prompts');
    const skills = panel.page.getByRole('region', { name: `Skills of ${NAME}` });
    const refunds = skills.getByRole('article', { name: 'Skill refunds' });
    expect(await refunds.textContent()).toContain('Process customer refund requests per company policy');
    expect(await refunds.textContent()).toContain('2 files');

    await refunds.getByRole('button', { name: 'Read refunds' }).click();
    const read = panel.page.getByRole('article', { name: 'Resource skill://acme/billing/refunds/SKILL.md' }).first();
    await expect.poll(() => read.textContent()).toContain('See the email template');
    await refunds.getByRole('button', { name: 'examples/email.md' }).click();
    const email = panel.page.getByRole('article', { name: 'Resource skill://acme/billing/refunds/examples/email.md' }).first();
    await expect.poll(() => email.textContent()).toContain('your refund');

    const huge = skills.getByRole('article', { name: 'Skill huge' });
    expect(await huge.textContent()).toMatch(/Not read: its files total 50\.0 MiB, past the limit of 16\.0 MiB/);
    expect(await huge.getByRole('button').count()).toBe(0);

    await skills.getByRole('article', { name: 'Skill tampered' }).getByRole('button', { name: 'Read tampered' }).click();
    const tampered = panel.page.getByRole('article', { name: 'Resource skill://tampered/SKILL.md' }).first();
    await expect.poll(() => tampered.textContent()).toMatch(/does not match its digest/);
    expect(await tampered.textContent()).not.toContain('Its content changed after');
  });
});
