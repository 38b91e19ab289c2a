import type { ReadonlySignal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { TraceAttempt } from '@/lib/auth/trace';
import type { SiteDiscovery } from '@/lib/discovery';
import type { ProtocolLogFormat } from '@/lib/mcp/protocolHar';
import type { ProtocolLogEntry } from '@/lib/mcp/protocolLog';
import type { WorkerAsks, WorkerCommands } from '@/lib/port/commands';
import type { ServerView } from '@/lib/state';
import type { TabKey } from './tabs';

/** The current tab's site as far as the browser lets the panel see it (entrypoints/sidepanel/currentSite.ts). */
export type CurrentSite =
  | { state: 'known'; url: string; origin: string }
  /** The browser does not show the panel this tab's address (no activeTab, no host access). */
  | { state: 'hidden' }
  | { state: 'not-web' }
  | { state: 'unknown' };

/**
 * Everything the panel can do, for any component to take with `useActions()`: every worker
 * command and ask of lib/port/commands.ts (each the Hub method of its name, so a new one is
 * here with no line in the panel), and what the panel does itself.
 */
export interface PanelActions extends WorkerCommands, Omit<WorkerAsks, 'exportSavedCalls'> {
  /** Saves the saved calls as a file. */
  exportSavedCalls: () => void;
  /** Puts arguments into a tool's form on the Tools tab. */
  editArguments: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  /** Saves a server's protocol log as a file (JSON or HAR). */
  exportProtocolLog: (serverName: string, format: ProtocolLogFormat, records: ProtocolLogEntry[]) => void;
  /** Saves a server's sign-in trace as a file (JSON or HAR). */
  exportSignInTrace: (serverName: string, format: ProtocolLogFormat, attempts: TraceAttempt[]) => void;
  selectTab: (tab: TabKey) => void;
  /** Asks for host access to a server's origin (a browser prompt, so the panel's to do). */
  grantAccess: (server: ServerView) => void;
  dismissError: () => void;
  /** The current tab's site, kept up to date as the person moves between tabs. */
  currentSite: ReadonlySignal<CurrentSite>;
  /** Looks for MCP servers on the current tab's site; call it from the click (it may ask the browser for access to that origin). */
  lookAtSite: () => Promise<SiteDiscovery>;
  showHelp: (open: boolean) => void;
  /** Saves a file the panel wrote (a sealed backup, a session file: components/carry/files.ts) where the browser saves downloads. */
  saveFile: (name: string, text: string) => void;
  /** Says what went wrong in the panel's error line (what dismissError takes away). */
  reportError: (message: string) => void;
}

/**
 * Given once, around the whole panel, by entrypoints/sidepanel/main.tsx: one object that never
 * changes, so the memoized cards that read it render only when their own data changes.
 */
export const ActionsContext = createContext<PanelActions | null>(null);

export function useActions(): PanelActions {
  const actions = useContext(ActionsContext);
  // A component rendered outside the panel's provider (entrypoints/sidepanel/main.tsx): a programming error, worded short as it ships on the first load.
  if (!actions) throw new Error('useActions() outside <ActionsContext.Provider>');
  return actions;
}
