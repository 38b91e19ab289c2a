/**
 * Issue 14, completions in Chromium against `@modelcontextprotocol/server-everything`: its
 * completable prompt (the department narrows the names) and template, by keyboard and by
 * accessible names, with axe on the open list.
 */
import { describe, expect, it } from 'vitest';
import { startEverything } from '../fixtures/everything';
import { seriousViolations } from './axe';
import { withExtension } from './rig';

const NAME = 'Everything';
const run = withExtension(startEverything);

const focusedValue = () => run.panel.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value);

describe('completions from server-everything', () => {
  it('suggests a prompt argument as it is typed, and the keyboard picks one', async () => {
    const { panel } = run;
    await panel.addServer(run.server.url, { name: NAME });
    await expect.poll(() => panel.serverStatus(NAME)).toBe('Connected');
    await panel.tab('Prompts');
    const prompt = await panel.opened(panel.page.getByRole('article', { name: 'Prompt completable-prompt' }));
    const department = prompt.getByRole('combobox', { name: /^department/ });
    await department.click();
    await panel.page.keyboard.type('S');
    const departments = prompt.getByRole('listbox', { name: /Suggestions for department/ });
    await expect.poll(() => departments.getByRole('option').allTextContents()).toEqual(['Sales', 'Support']);
    expect(await department.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(panel.page)).toEqual([]);
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    expect(await department.getAttribute('aria-activedescendant')).toBe(
      await departments.getByRole('option', { name: 'Support' }).getAttribute('id'),
    );
    await panel.page.keyboard.press('Enter');
    expect(await focusedValue()).toBe('Support');
    expect(await department.getAttribute('aria-expanded')).toBe('false');

    // The name's suggestions depend on the department already chosen (sent as context).
    await panel.page.keyboard.press('Tab');
    await panel.page.keyboard.press('ArrowDown');
    const names = prompt.getByRole('listbox', { name: /Suggestions for name/ });
    await expect.poll(() => names.getByRole('option').allTextContents()).toEqual(['John', 'Kim', 'Lee']);
    await names.getByRole('option', { name: 'Kim' }).click();
    expect(await prompt.getByRole('combobox', { name: /^name/ }).inputValue()).toBe('Kim');

    await prompt.getByRole('button', { name: 'Get completable-prompt' }).click();
    // Results sit above the forms.
    const messages = panel.page.getByRole('article', { name: 'Prompt completable-prompt' }).first();
    await expect.poll(() => messages.textContent()).toContain('Please promote Kim to the head of the Support team.');
  });

  it('closes the list on Escape and keeps what was typed', async () => {
    const { panel } = run;
    const prompt = await panel.opened(panel.page.getByRole('article', { name: 'Prompt completable-prompt' }).last());
    const department = prompt.getByRole('combobox', { name: /^department/ });
    await department.fill('');
    await department.focus();
    await panel.page.keyboard.type('M');
    await expect
      .poll(() =>
        prompt
          .getByRole('listbox', { name: /department/ })
          .getByRole('option')
          .allTextContents(),
      )
      .toEqual(['Marketing']);
    await panel.page.keyboard.press('Escape');
    expect(await department.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedValue()).toBe('M');
  });

  it('completes a resource template variable, and reads what it names', async () => {
    const { panel } = run;
    await panel.tab('Resources');
    const template = await panel.opened(panel.page.getByRole('article', { name: 'Template demo://resource/dynamic/text/{resourceId}' }));
    const id = template.getByRole('combobox', { name: /^resourceId/ });
    await id.click();
    await panel.page.keyboard.type('7');
    await template.getByRole('button', { name: 'Read demo://resource/dynamic/text/{resourceId}' }).click();
    const read = panel.page.getByRole('article', { name: 'Resource demo://resource/dynamic/text/7' });
    await expect.poll(() => read.textContent()).toContain('Resource 7');
  });
});
