import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeAll(() => SchemaForm.preload());

const schema = {
  type: 'object',
  properties: { department: { type: 'string', title: 'department' }, name: { type: 'string', title: 'name' } },
};

/** A form whose `complete` answers only when the test says, so answers can come out of order. */
function showForm() {
  const asked: Array<{ name: string; value: string; filled: Record<string, string>; answer: (values: string[]) => void }> = [];
  const complete = (name: string, value: string, filled: Record<string, string>) =>
    new Promise<string[]>((answer) => asked.push({ name, value, filled, answer }));
  render(<SchemaForm idPrefix="p" schema={schema} onSubmit={() => {}} complete={complete} />);
  return { asked, field: (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLInputElement };
}

const type = (field: HTMLInputElement, value: string) => fireEvent.input(field, { target: { value } });

describe('a field that completes', () => {
  it('asks once per pause in typing, not per key', async () => {
    vi.useFakeTimers();
    const { asked, field } = showForm();
    type(field('department'), 'E');
    type(field('department'), 'En');
    type(field('department'), 'Eng');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    expect(asked.map(({ value }) => value)).toEqual(['Eng']);
  });

  it('shows only the newest answer: one that arrives late is dropped', async () => {
    vi.useFakeTimers();
    const { asked, field } = showForm();
    type(field('department'), 'S');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    type(field('department'), 'Su');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    expect(asked).toHaveLength(2);
    await act(async () => asked[1]!.answer(['Support']));
    await act(async () => asked[0]!.answer(['Sales', 'Support']));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Support']);
  });

  it('sends the other filled fields as context', async () => {
    vi.useFakeTimers();
    const { asked, field } = showForm();
    type(field('department'), 'Sales');
    type(field('name'), 'E');
    await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
    expect(asked.at(-1)).toMatchObject({ name: 'name', value: 'E', filled: { department: 'Sales' } });
  });
});

describe('a form without completions', () => {
  it('has plain text fields', () => {
    render(<SchemaForm idPrefix="p" schema={schema} onSubmit={() => {}} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });
});
