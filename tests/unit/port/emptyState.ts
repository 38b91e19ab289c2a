import { NO_POLICY } from '../../../lib/policy';
import type { HubState } from '../../../lib/state';

const settings = { requestTimeoutMinutes: 10 };

/** A hub with nothing in it: new lists each time, the same settings and policy (unchanged values keep their identity, as the hub's do). */
export function emptyHubState(): HubState {
  return {
    servers: [],
    inbox: [],
    visits: [],
    notices: [],
    activities: [],
    history: [],
    savedCalls: [],
    pinnedTools: [],
    settings,
    policy: NO_POLICY,
  };
}
