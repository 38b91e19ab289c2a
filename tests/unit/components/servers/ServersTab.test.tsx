import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ServersTab } from '../../../../components/servers/ServersTab';
import type { ServerView } from '../../../../lib/state';
import { NO_POLICY } from '../../../../lib/policy';
import { withActions } from '../withActions';

afterEach(cleanup);

const first = {
  id: 's1',
  url: 'http://127.0.0.1:1/mcp',
  enabled: true,
  displayName: 'First',
  status: 'connecting',
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
} as unknown as ServerView;

describe('the Servers tab', () => {
  it('keeps the add form, and the focus in it, when the first server comes in', () => {
    const tab = (servers: ServerView[]) => (
      <ServersTab servers={servers} settings={{ requestTimeoutMinutes: 10 }} imported={null} policy={NO_POLICY} />
    );
    const view = render(tab([]), withActions());
    const url = screen.getByLabelText('Server URL') as HTMLInputElement;
    url.focus();
    fireEvent.input(url, { target: { value: 'http://127.0.0.1:2/mcp' } });
    act(() => view.rerender(tab([first])));
    expect(screen.getByLabelText('Server URL')).toBe(url);
    expect(document.activeElement).toBe(url);
    expect(url.value).toBe('http://127.0.0.1:2/mcp');
  });
});
