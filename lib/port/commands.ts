/**
 * The one table of what the side panel may ask the worker: each command is the Hub method of
 * that name, with its arguments. The panel calls them through `remoteCommands` (one port
 * message each) and the worker runs them through lib/port/hubCommands.ts; nothing else lists them.
 */
import type { Hub } from '../hub';

export const COMMANDS = [
  'addServer',
  'updateServer',
  'removeServer',
  'reconnect',
  'signIn',
  'signOut',
  'importServers',
  'exportServers',
  'callTool',
  'readResource',
  'readTemplate',
  'readSkill',
  'getPrompt',
  'cancelActivity',
  'clearActivities',
  'answer',
  'openUrl',
  'finishVisit',
  'dismissNotice',
  'clearHistory',
  'updateSettings',
  'openLink',
  'clearProtocolLog',
  'saveCall',
  'deleteSavedCall',
  'pinTool',
  'watchResource',
  'unwatchResource',
  'appsRunning',
  'setSync',
  'dismissSyncConflicts',
  'askSyncSecrets',
] as const satisfies ReadonlyArray<keyof Hub>;

/**
 * The commands whose answer the panel waits for: what an MCP App asks of its server, the
 * consent card's look at a link (and at every link of a markdown text), a server's protocol
 * log and sign-in trace, completions for a field, what the current tab's site offers. Each is the Hub method of that name; the answer (or the
 * error's message) comes back as an `answered` message with the ask's ticket.
 */
export const ASKS = [
  'loadApp',
  'loadRequestApp',
  'appCallTool',
  'appReadResource',
  'checkLink',
  'checkLinks',
  'protocolLog',
  'signInTrace',
  'complete',
  'exportSavedCalls',
  'importSavedCalls',
  'searchRegistry',
  'readServerJson',
  'discoverSite',
  'backupState',
  'applyBackupPlan',
  'sessionSources',
] as const satisfies ReadonlyArray<keyof Hub>;

export type CommandName = (typeof COMMANDS)[number];

/** What the panel can call: fire and forget; replies (`imported`, `answer-refused`, …) come as port messages. */
export type WorkerCommands = { [Name in CommandName]: (...args: Parameters<Hub[Name]>) => void };

/** One command as it crosses the port. */
export type CommandMessage = {
  [Name in CommandName]: { type: 'command'; command: Name; args: Parameters<Hub[Name]> };
}[CommandName];

export const isCommand = (name: unknown): name is CommandName => (COMMANDS as readonly unknown[]).includes(name);

export type AskName = (typeof ASKS)[number];

/** What the panel can ask: each resolves with the Hub method's value, or rejects with its error's message. */
export type WorkerAsks = { [Name in AskName]: (...args: Parameters<Hub[Name]>) => Promise<Awaited<ReturnType<Hub[Name]>>> };

/** One ask as it crosses the port. */
export type AskMessage = {
  [Name in AskName]: { type: 'ask'; ask: Name; ticket: number; args: Parameters<Hub[Name]> };
}[AskName];

/** An ask's outcome, from the worker. */
export type AnsweredMessage = { type: 'answered'; ticket: number } & ({ value: unknown } | { error: string });

export const isAsk = (name: unknown): name is AskName => (ASKS as readonly unknown[]).includes(name);

/** The panel's side of asks: `settle` takes each `answered` message; `dropAll` fails what a lost port will never answer. */
export function remoteAsks(send: (message: AskMessage) => void): {
  asks: WorkerAsks;
  settle: (message: AnsweredMessage) => void;
  dropAll: (reason: string) => void;
} {
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  const asks = Object.fromEntries(
    ASKS.map((ask) => [
      ask,
      (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const ticket = ++next;
          waiting.set(ticket, { resolve, reject });
          send({ type: 'ask', ask, ticket, args } as AskMessage);
        }),
    ]),
  ) as WorkerAsks;
  return {
    asks,
    settle(message) {
      const waiter = waiting.get(message.ticket);
      if (!waiter) return;
      waiting.delete(message.ticket);
      if ('error' in message) waiter.reject(new Error(message.error));
      else waiter.resolve(message.value);
    },
    dropAll(reason) {
      for (const waiter of waiting.values()) waiter.reject(new Error(reason));
      waiting.clear();
    },
  };
}

/** The panel's side: each command becomes one message on the port `send` writes to. */
export function remoteCommands(send: (message: CommandMessage) => void): WorkerCommands {
  return Object.fromEntries(
    COMMANDS.map((command) => [command, (...args: unknown[]) => send({ type: 'command', command, args } as CommandMessage)]),
  ) as WorkerCommands;
}
