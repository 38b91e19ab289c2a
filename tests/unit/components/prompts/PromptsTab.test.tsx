import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { PromptsTab } from '../../../../components/prompts/PromptsTab';
import { findQuery } from '../../../../components/shared/find';
import type { ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

const writer: ServerView = {
  id: 'w',
  url: 'http://127.0.0.1:7301/mcp',
  enabled: true,
  displayName: 'Writer',
  status: 'connected',
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [
    { name: 'greet', description: 'Says hello.' },
    { name: 'review_code', title: 'Review code', arguments: [{ name: 'code', required: true }] },
    { name: 'summarize', arguments: [{ name: 'tone' }] },
  ],
};

beforeAll(() => SchemaForm.preload());
beforeEach(() => (findQuery.value = ''));
afterEach(cleanup);

describe('the Prompts tab', () => {
  it('gets a prompt without arguments from its line, at once', () => {
    const getPrompt = vi.fn();
    render(<PromptsTab servers={[writer]} />, withActions({ getPrompt }));
    fireEvent.click(screen.getByRole('button', { name: 'Get greet' }));
    expect(getPrompt).toHaveBeenCalledWith('w', 'greet', {});
  });

  it('opens a prompt with a required argument on Get, focus in it; with optional ones only, gets it', async () => {
    const getPrompt = vi.fn();
    render(<PromptsTab servers={[writer]} />, withActions({ getPrompt }));
    fireEvent.click(screen.getByRole('button', { name: 'Get review_code' }));
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('id')).toMatch(/code$/));
    expect(getPrompt).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Get summarize' }));
    await vi.waitFor(() => expect(getPrompt).toHaveBeenCalledWith('w', 'summarize', {}));
  });

  it('filters with the same filter as the other tabs, and says when nothing matches', () => {
    render(<PromptsTab servers={[writer]} />, withActions());
    act(() => void (findQuery.value = 'review'));
    expect(screen.getByRole('status').textContent).toBe('1 of 3 prompts');
    expect(screen.getAllByRole('article').map((row) => row.getAttribute('aria-label'))).toEqual(['Prompt review_code']);
    act(() => void (findQuery.value = 'zzz'));
    // What was typed is the person's, isolated in the sentence.
    expect(document.querySelector('.empty')?.textContent).toMatch(/^No prompt matches “zzz”\./);
    expect(document.querySelector('.empty bdi[data-from="person"]')?.textContent).toBe('zzz');
  });

  it('lists a server whose skills could not be listed, with why, beside the prompts it has', () => {
    const broken = { ...writer, id: 'b', displayName: 'Broken', prompts: [], skills: [], skillsProblem: 'Its skills could not be listed: boom' };
    render(<PromptsTab servers={[writer, broken]} />, withActions());
    expect(screen.getByText('Its skills could not be listed: boom')).toBeTruthy();
  });
});
