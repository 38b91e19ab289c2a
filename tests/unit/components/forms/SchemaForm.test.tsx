import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { Markdown } from '../../../../components/forms/rjsfMarkdown';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { setCatalog } from '../../../../lib/i18n';
import { nodeCatalog } from '../../../../locales/read';

afterEach(cleanup);
// The form itself, not its placeholder: its code is loaded first.
beforeAll(() => SchemaForm.preload());

/** Renders the form with a Submit button; `submit()` resolves with what the form sent, if anything. */
function showForm(schema: object) {
  const onSubmit = vi.fn();
  render(
    <SchemaForm idPrefix="req" schema={schema} onSubmit={onSubmit}>
      <button type="submit">Submit</button>
    </SchemaForm>,
  );
  return {
    submit: async (): Promise<Record<string, unknown> | undefined> => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
      return onSubmit.mock.lastCall?.[0];
    },
  };
}

function choose(select: HTMLElement, label: string) {
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  (select as HTMLSelectElement).value = option.value;
  // @testing-library/preact turns fireEvent.change into an input event; a select listens for change.
  fireEvent(select, new Event('change', { bubbles: true }));
}

const meal = {
  type: 'string',
  title: 'Meal',
  oneOf: [
    { const: 'veg', title: 'Vegetarian' },
    { const: 'std', title: 'Standard' },
  ],
};

describe('SchemaForm', () => {
  describe('an optional titled single-select (oneOf of const and title)', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', title: 'Name' }, meal } };

    it('starts empty, with the titles as options', () => {
      showForm(schema);
      const select = screen.getByLabelText('Meal') as HTMLSelectElement;
      expect(select.selectedOptions[0]?.textContent).toBe('');
      expect([...select.options].map((option) => option.textContent)).toEqual(['', 'Vegetarian', 'Standard']);
    });

    it('is not sent when nobody chose it', async () => {
      const form = showForm(schema);
      const sent = await form.submit();
      expect(sent).toBeDefined();
      expect(sent).not.toHaveProperty('meal');
    });

    it('sends the chosen value, not its title', async () => {
      const form = showForm(schema);
      choose(screen.getByLabelText('Meal'), 'Standard');
      expect(await form.submit()).toEqual({ meal: 'std' });
    });
  });

  it('does not pick an anyOf single-select either', async () => {
    const form = showForm({ type: 'object', properties: { meal: { ...meal, oneOf: undefined, anyOf: meal.oneOf } } });
    expect(await form.submit()).not.toHaveProperty('meal');
  });

  it('labels a legacy enum with its enumNames', () => {
    showForm({ type: 'object', properties: { size: { type: 'string', title: 'Size', enum: ['s', 'l'], enumNames: ['Small', 'Large'] } } });
    expect(within(screen.getByLabelText('Size')).getByRole('option', { name: 'Large' })).toBeTruthy();
  });

  describe('a multi-select (array of titled choices)', () => {
    const schema = {
      type: 'object',
      properties: {
        colors: {
          type: 'array',
          title: 'Colours',
          items: {
            anyOf: [
              { const: '#f00', title: 'Red' },
              { const: '#0f0', title: 'Green' },
              { const: '#00f', title: 'Blue' },
            ],
          },
        },
        sizes: { type: 'array', title: 'Sizes', items: { type: 'string', enum: ['s', 'm', 'l'] } },
      },
    };

    it('is a group of checkboxes named by its title', () => {
      showForm(schema);
      const colours = screen.getByRole('group', { name: 'Colours' });
      expect(
        within(colours)
          .getAllByRole('checkbox')
          .map((box) => box.closest('label')?.textContent),
      ).toEqual(['Red', 'Green', 'Blue']);
      expect(within(screen.getByRole('group', { name: 'Sizes' })).getAllByRole('checkbox')).toHaveLength(3);
      expect(screen.queryByRole('button', { name: /add/i })).toBeNull();
    });

    it('sends the values of the boxes ticked, and nothing when none is', async () => {
      const form = showForm(schema);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Blue' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Red' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'm' }));
      expect(await form.submit()).toEqual({ colors: ['#f00', '#00f'], sizes: ['m'] });
    });

    it('sends nothing for it when untouched', async () => {
      const form = showForm(schema);
      expect(await form.submit()).toEqual({});
    });
  });

  it('shows the title of a free array, with buttons that say what they do', () => {
    showForm({
      type: 'object',
      title: 'tags_arguments',
      properties: { tags: { type: 'array', title: 'Tags', items: { type: 'string' }, default: ['a', 'b'] } },
    });
    // The schema's title, as the server wrote it (isolated, marked as theirs) in the group's legend.
    expect(screen.getByText('Tags').closest('legend')).toBeTruthy();
    expect(screen.getByText('Tags').getAttribute('data-from')).toBe('server');
    expect(screen.queryByText('tags_arguments')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Move up' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Move down' })).toHaveLength(2);
  });
});

describe('the form’s words', () => {
  it('are rjsf’s own in the person’s language; the schema’s stay the server’s, isolated', async () => {
    setCatalog(await nodeCatalog('de'));
    try {
      showForm({
        type: 'object',
        properties: {
          tags: { type: 'array', title: 'Etiketten \u202Eevil', items: { type: 'string' }, default: ['a'] },
          ok: { type: 'boolean', title: 'Bestätigt', description: 'Ein Häkchen' },
          zone: { type: 'string', title: 'Zone', enum: ['eu', 'us'] },
        },
      });
      expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Entfernen' })).toBeTruthy();
      // A title with U+202E in it cannot reverse the legend around it: it is isolated, and marked as the server's.
      const title = screen.getByText('Etiketten \u202Eevil');
      expect([title.tagName, title.getAttribute('dir'), title.getAttribute('data-from')]).toEqual(['BDI', 'auto', 'server']);
      expect(screen.getByText('Bestätigt').getAttribute('data-from')).toBe('server');
      expect(screen.getByText('Ein Häkchen').closest('[data-from="server"]')).toBeTruthy();
      expect(screen.getByLabelText('Zone').closest('[data-from="server"]')).toBeTruthy();
    } finally {
      setCatalog(await nodeCatalog('en'));
    }
  });
});

describe('rjsf’s own markdown (rjsf.vite.ts puts components/forms/rjsfMarkdown.tsx in place of markdown-to-jsx/react)', () => {
  it('renders through the panel’s renderer, with no HTML from the schema', async () => {
    await MarkdownText.preload();
    const { container } = render(<Markdown>{'Unsupported field schema for `odd`: <img src=x onerror=alert(1)>'}</Markdown>);
    expect(container.querySelector('.markdown code')?.textContent).toBe('odd');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('rjsf’s registry (rjsf.vite.ts leaves out the parts only a name reaches)', () => {
  // rjsf picks a field by a schema's `$id` and a widget by its `format` when a part has that
  // name; the layout-grid fields and the rating widget are left out, so a server cannot reach them.
  it('renders an object whose $id names a layout field as an object', async () => {
    const form = showForm({ $id: 'LayoutGridField', type: 'object', properties: { city: { type: 'string', title: 'City' } } });
    fireEvent.input(screen.getByLabelText('City'), { target: { value: 'Oslo' } });
    expect(await form.submit()).toEqual({ city: 'Oslo' });
  });

  it('renders a string whose format names the rating widget as a text field', async () => {
    const form = showForm({ type: 'object', properties: { stars: { type: 'string', title: 'Stars', format: 'RatingWidget' } } });
    const field = screen.getByLabelText('Stars') as HTMLInputElement;
    expect(field.type).toBe('text');
    fireEvent.input(field, { target: { value: 'five' } });
    expect(await form.submit()).toEqual({ stars: 'five' });
  });

  it('renders a string whose format is rjsf’s alt-date alias as a text field, not year/month/day pickers', async () => {
    const form = showForm({ type: 'object', properties: { day: { type: 'string', title: 'Day', format: 'alt-date' } } });
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    fireEvent.input(screen.getByLabelText('Day'), { target: { value: '2026-12-05' } });
    expect(await form.submit()).toEqual({ day: '2026-12-05' });
  });
});

describe('rjsf’s number fields (rjsf.vite.ts works out the decimal separator once per locale list)', () => {
  it('builds no number format per render: typing re-renders the form, not the separator', async () => {
    const NumberFormat = vi.spyOn(Intl, 'NumberFormat');
    try {
      const form = showForm({ type: 'object', properties: { note: { type: 'string', title: 'Note' }, count: { type: 'number', title: 'Count' } } });
      for (const value of ['a', 'ab', 'abc']) fireEvent.input(screen.getByLabelText('Note'), { target: { value } });
      fireEvent.input(screen.getByLabelText('Count'), { target: { value: '2.5' } });
      expect(await form.submit()).toEqual({ note: 'abc', count: 2.5 });
      const forLanguages = NumberFormat.mock.calls.filter(([locales]) => String(locales) === String(navigator.languages));
      expect(forLanguages.length).toBeLessThanOrEqual(1);
    } finally {
      NumberFormat.mockRestore();
    }
  });
});
