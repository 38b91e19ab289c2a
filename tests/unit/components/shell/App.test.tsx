import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../../components/shell/App';
import { LazyToolsTab } from '../../../../components/shell/LazyTabs';
import { NO_POLICY } from '../../../../lib/policy';
import type { ActivityView, HubState, ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

afterEach(cleanup);
// Loaded first, so that a mounted Tools tab draws at once and its absence is not a load still under way.
beforeAll(() => LazyToolsTab.preload());

const server = { id: 's1', displayName: 'Deploys', url: 'http://127.0.0.1:1/mcp', status: 'connected', tools: [] } as unknown as ServerView;
const call = (id: string, overrides: Partial<ActivityView> = {}) =>
  ({ id, serverId: 's1', kind: 'tool', tool: id, args: {}, startedAt: Date.now(), status: 'running', ...overrides }) as ActivityView;

function state(activities: ActivityView[]): HubState {
  return {
    servers: [server],
    inbox: [],
    visits: [],
    notices: [],
    activities,
    history: [],
    savedCalls: [],
    pinnedTools: [],
    settings: { requestTimeoutMinutes: 10 },
    policy: NO_POLICY,
  } as HubState;
}

function panel(activities: ActivityView[], tab: 'inbox' | 'tools') {
  return <App state={state(activities)} tab={tab} refusals={{}} imported={null} error={null} connected />;
}

const results = () => document.querySelector('section.results[aria-label="Results"]');

describe('the Tools tab on other tabs', () => {
  it('is not drawn by a panel that opens on the Inbox, however many calls run', async () => {
    render(panel([call('deploy'), call('status')], 'inbox'), withActions());
    await screen.findByRole('tab', { name: /Inbox/ });
    expect(results()).toBeNull();
  });

  it('stays mounted, hidden, once shown, and while a result has an app (its frame must live on)', async () => {
    const view = render(panel([call('deploy')], 'tools'), withActions());
    await waitFor(() => expect(results()).not.toBeNull());
    view.rerender(panel([call('deploy')], 'inbox'));
    expect(results()?.closest('[hidden]')).not.toBeNull();
    cleanup();
    render(panel([call('chart', { app: { resourceUri: 'ui://chart' } } as Partial<ActivityView>), call('deploy')], 'inbox'), withActions());
    await waitFor(() => expect(results()).not.toBeNull());
    expect(results()?.querySelectorAll('article')).toHaveLength(1);
  });
});
