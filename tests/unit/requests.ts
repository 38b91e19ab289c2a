/** A pending form Request from one server, for tests of what is done with the inbox. */
import type { InboxItem } from '../../lib/state';

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
