/** What the composition root gives the hub: where things are stored, and the browser's abilities as functions. */
import type { PinnedTool } from '../pinnedTools';
import type { SavedCall } from '../savedCalls';
import type { AuthorizationSetup } from '../auth';
import type { HistoryEntry } from '../history';
import type { Inbox, PendingRequest } from '../inbox';
import type { load } from '../mcp/client';
import type { LoadOptions } from '../mcp/connection';
import type { EraVerdicts } from '../mcp/eras';
import type { ActivityView, NoticeView, OpenMode, Settings } from '../state';
import type { KeptPolicy, PolicySource } from './orgPolicy';
import type { KeptTask, SuspendedCall } from './resumedCalls';
import type { SavedServer } from './servers';
import type { Stored } from '../stored';
import type { SyncArea, SyncState } from '../sync';

export interface HubOptions {
  servers: Stored<SavedServer[]>;
  history?: Stored<HistoryEntry[]>;
  savedCalls?: Stored<SavedCall[]>;
  /** Pinned tools, kept beside the saved calls (storage.local). */
  pinnedTools?: Stored<PinnedTool[]>;
  /** Notices of Requests the person did not get to answer, for the next worker (storage.session). */
  notices?: Stored<NoticeView[]>;
  settings?: Stored<Partial<Settings>>;
  inbox?: Inbox;
  connect?: typeof load;
  fetch?: LoadOptions['fetch'];
  /** Whether the extension may reach `origin` (host permission); absent means always. */
  canReach?: (origin: string) => Promise<boolean>;
  newId?: () => string;
  /** Delay before automatic reconnect attempt `n` (0-based). */
  backoffMs?: (attempt: number) => number;
  /** How many finished activities are kept for the panel to show. */
  keepActivities?: number;
  /**
   * Opens a URL the person consented to where the extension cannot read it (a
   * launchWebAuthFlow window, or a tab); resolves when they are done with it.
   */
  openUrl?: (url: string, mode: OpenMode) => Promise<void>;
  /**
   * Storage, redirect URL and the sign-in window for servers that require OAuth; the hub
   * adds the consent (its inbox) and each server's pre-registered client.
   */
  authorization?: Omit<AuthorizationSetup, 'consent' | 'preRegistered' | 'clientMetadataUrl'>;
  /**
   * Where pending Requests are mirrored while they wait (in the extension:
   * `storage.session`, which outlives a stopped worker), so a restart can report them.
   */
  pending?: Stored<PendingRequest[]>;
  /**
   * Where 2026-07-28 calls waiting on the person are kept (in the extension:
   * `storage.session`), so a restarted worker can ask their Requests again and carry
   * them on instead of reporting them lost.
   */
  suspended?: Stored<SuspendedCall[]>;
  /**
   * Where tool calls the server runs as tasks are kept (in the extension: `storage.local`, as
   * the server keeps a task beyond the browser session), so a restarted worker or browser
   * follows them again by task id.
   */
  tasks?: Stored<KeptTask[]>;
  /**
   * Where the activity list (calls and their results, cut to lib/hub/activities.ts
   * KEPT_BOUNDS) is kept (in the extension: `storage.session`, in memory only), so a
   * restarted worker shows the same results and says which calls the stop cut off.
   */
  activities?: Stored<ActivityView[]>;
  /**
   * What each server was found to speak (lib/mcp/eras.ts), so a restarted worker connects
   * without probing again. Kept apart from `servers`, which holds only what the person set.
   */
  eras?: Stored<EraVerdicts>;
  /**
   * A server refused the extension's `Origin` (DNS-rebinding protection): from now on the
   * extension's requests to its origin go without one (in the extension: a
   * declarativeNetRequest session rule, lib/originRules.ts). The hub then connects again, once.
   */
  originRefused?: (serverUrl: string) => Promise<void>;
  /** The panel can render MCP Apps safely here (a sandboxed page exists), so servers are told so. */
  mcpApps?: boolean;
  /** The person's languages as an `Accept-Language` value (SEP-2792), read at each request: the browser's, from entrypoints/. */
  acceptLanguage?: () => string | undefined;
  /**
   * The browser's `storage.sync`, and where this browser keeps what it agreed with it
   * (storage.local); absent, sync cannot be turned on. What the admin policy manages neither
   * syncs nor is changed by sync (lib/hub/managedServers.ts, isPolicyManaged).
   */
  sync?: { area: SyncArea; state: Stored<Partial<SyncState>> };
  /** What this is and where it runs, written in backups and session files: the product and its version, the browser (its user agent). */
  about?: { product: { name: string; version: string }; browser: string };
  /** The browser's managed storage: the organisation's policy (lib/hub/orgPolicy.ts); absent, there is none. */
  policy?: PolicySource;
  /** Where the last policy that applied is kept (in the extension: storage.local), so a start never opens a gap. */
  keptPolicy?: Stored<KeptPolicy | null>;
  /** How long an empty policy at the start is held against a kept one before it is believed (lib/hub/orgPolicy.ts). */
  confirmEmptyPolicyMs?: number;
}
