import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { ResourcesTab } from '../../../../components/resources/ResourcesTab';
import { findQuery } from '../../../../components/shared/find';
import type { ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

const docs: ServerView = {
  id: 'd',
  url: 'http://127.0.0.1:7301/mcp',
  enabled: true,
  displayName: 'Docs',
  status: 'connected',
  tools: [],
  resources: [
    { uri: 'demo://readme', name: 'readme', title: 'Read me', description: 'What the demo is.' },
    { uri: 'demo://changelog', name: 'changelog' },
  ],
  resourceTemplates: [{ uriTemplate: 'demo://greeting/{name}', name: 'greeting', variables: ['name'] }],
  prompts: [],
};

beforeAll(() => SchemaForm.preload());
beforeEach(() => (findQuery.value = ''));
afterEach(cleanup);

describe('the Resources tab', () => {
  it('lists resources and templates under their server, and reads a resource from its line', () => {
    const readResource = vi.fn();
    render(<ResourcesTab servers={[docs]} />, withActions({ readResource }));
    const group = screen.getByRole('region', { name: 'Resources of Docs' });
    expect(
      within(group)
        .getAllByRole('article')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['Resource readme', 'Resource changelog', 'Template demo://greeting/{name}']);
    fireEvent.click(screen.getByRole('button', { name: 'Read demo://readme' }));
    expect(readResource).toHaveBeenCalledWith('d', 'demo://readme');
  });

  it('filters by name, title, description or URI, with the count', () => {
    render(<ResourcesTab servers={[docs]} />, withActions());
    act(() => void (findQuery.value = 'greeting'));
    expect(screen.getByRole('status').textContent).toBe('1 of 3 resources');
    act(() => void (findQuery.value = 'changelog'));
    expect(screen.getAllByRole('article').map((row) => row.getAttribute('aria-label'))).toEqual(['Resource changelog']);
  });

  it('builds a template’s form when opened: Read on its line opens it with focus in its first variable', async () => {
    const readTemplate = vi.fn();
    const { container } = render(<ResourcesTab servers={[docs]} />, withActions({ readTemplate }));
    expect(container.querySelector('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read demo://greeting/{name}' }));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('id')).toMatch(/name$/));
    expect(readTemplate).not.toHaveBeenCalled();
  });
});
