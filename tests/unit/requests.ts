/** A pending form Request from one server, and the hub's state around it, for tests of what is done with the inbox. */
import { NO_POLICY } from '../../lib/policy';
import type { HubState, InboxItem } from '../../lib/state';

export const pendingRequest = (id: string, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'input',
  prompt: `Question ${id}`,
  url: null,
  data: {},
  serverId: 's',
  serverName: 'Deploys',
  askedAt: 0,
  expiresAt: null,
  ...overrides,
});

/** The hub's state with nothing in it but `overrides`. */
export const hubState = (overrides: Partial<HubState> = {}): HubState => ({
  servers: [],
  inbox: [],
  visits: [],
  notices: [],
  activities: [],
  history: [],
  savedCalls: [],
  pinnedTools: [],
  settings: { requestTimeoutMinutes: 10 },
  policy: NO_POLICY,
  ...overrides,
});
