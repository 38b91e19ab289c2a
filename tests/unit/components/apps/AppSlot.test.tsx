import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppSlot, LazyAppFrame } from '../../../../components/apps/AppSlot';
import { type AppPorts, AppsContext } from '../../../../components/apps/context';
import { noSandbox } from '../../../../components/apps/session';
import type { CallView, ServerView } from '../../../../lib/state';

afterEach(cleanup);

const call = (overrides: Partial<CallView> = {}): CallView => ({
  id: 'c1',
  serverId: 's1',
  kind: 'tool',
  tool: 'get-time',
  args: {},
  startedAt: 1,
  status: 'done',
  app: { resourceUri: 'ui://time/app' },
  ...overrides,
});

const server = { id: 's1', displayName: 'Time', tools: [], resources: [] } as unknown as ServerView;

function ports(frameUrl: string | null): AppPorts {
  // Never answers: these tests stop before the app would load.
  const pending = () => new Promise<never>(() => {});
  return { frameUrl, hostVersion: '0.1.0', loadApp: pending, callTool: pending, readResource: pending, checkLink: pending, openLink: vi.fn() };
}

function within(children: ComponentChildren, frameUrl: string | null = 'chrome-extension://x/appframe.html', servers = [server]) {
  return render(
    <AppsContext.Provider value={{ ports: ports(frameUrl), server: (id) => servers.find((item) => item.id === id) }}>
      {children}
    </AppsContext.Provider>,
  );
}

describe('Where a result’s app goes', () => {
  it('is nothing for a call without an app, a call an app made, or outside the panel', () => {
    const { container } = within(
      <>
        <AppSlot call={call({ app: undefined })} open />
        <AppSlot call={call({ appOf: 'c0' })} open />
      </>,
    );
    expect(container.textContent).toBe('');
    expect(render(<AppSlot call={call()} open />).container.textContent).toBe('');
  });

  it('says in words why there is none: a malformed reference, no sandbox page, a removed server', async () => {
    await LazyAppFrame.preload();
    within(<AppSlot call={call({ app: { problem: 'The server names an interface that is not a ui:// resource.' } })} open />);
    expect(screen.getByText(/not a ui:\/\/ resource/)).toBeTruthy();
    cleanup();
    within(<AppSlot call={call()} open />, null);
    expect(await screen.findByText(noSandbox())).toBeTruthy();
    expect(noSandbox()).toMatch(/no sandboxed page/);
    cleanup();
    within(<AppSlot call={call()} open />, 'chrome-extension://x/appframe.html', []);
    expect(screen.getByText('The app closed: its server was removed.')).toBeTruthy();
  });

  it('waits behind a button for an older result, and starts loading when it is pressed', () => {
    // No frame URL: happy-dom loads no iframes, and the app's region is what this checks.
    within(<AppSlot call={call()} open={false} />, null);
    fireEvent.click(screen.getByRole('button', { name: 'Show the app' }));
    expect(screen.getByRole('region', { name: 'App of get-time' })).toBeTruthy();
  });
});
