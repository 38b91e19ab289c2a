import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { secretAwareTemplates } from '../../../../components/forms/SecretFieldWarning';
import { cfWorkerValidator } from '../../../../lib/forms/rjsfValidator';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username' },
    password: { type: 'string', title: 'Password' },
    tokens_used: { type: 'integer', title: 'Tokens used' },
  },
};

function showForm(uiSchema: UiSchema = {}) {
  return render(<Form idPrefix="req1" schema={schema} uiSchema={uiSchema} validator={cfWorkerValidator} templates={secretAwareTemplates} />);
}

/** The text of the elements an input names in `aria-describedby`, as a screen reader reads it. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('secretAwareTemplates', () => {
  it('warns under a password field, and the field is described by the warning', () => {
    showForm();
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toContain('This looks like a secret');
    expect(description(screen.getByLabelText('Password'))).toContain('MCP servers must not ask for passwords or keys');
  });

  it('leaves other fields as rjsf renders them', () => {
    showForm();
    expect(description(screen.getByLabelText('Username'))).toBe('');
    expect(description(screen.getByLabelText('Tokens used'))).toBe('');
  });

  it('keeps the field’s own help above the warning', () => {
    showForm({ password: { 'ui:help': 'Your database password' } });
    const text = description(screen.getByLabelText('Password'));
    expect(text).toMatch(/^Your database password.*This looks like a secret/);
  });
});
