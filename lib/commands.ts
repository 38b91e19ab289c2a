/**
 * The one table of what the side panel may ask the worker: each command is the Hub method of
 * that name, with its arguments. The panel calls them through `remoteCommands` (one port
 * message each) and the worker runs them through lib/hubCommands.ts; nothing else lists them.
 */
import type { Hub } from './hub';

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
  'getPrompt',
  'cancelActivity',
  'clearActivities',
  'answer',
  'openUrl',
  'finishVisit',
  'dismissNotice',
  'clearHistory',
  'updateSettings',
] as const satisfies ReadonlyArray<keyof Hub>;

export type CommandName = (typeof COMMANDS)[number];

/** What the panel can call: fire and forget; replies (`imported`, `answer-refused`, …) come as port messages. */
export type WorkerCommands = { [Name in CommandName]: (...args: Parameters<Hub[Name]>) => void };

/** One command as it crosses the port. */
export type CommandMessage = {
  [Name in CommandName]: { type: 'command'; command: Name; args: Parameters<Hub[Name]> };
}[CommandName];

export const isCommand = (name: unknown): name is CommandName => (COMMANDS as readonly unknown[]).includes(name);

/** The panel's side: each command becomes one message on the port `send` writes to. */
export function remoteCommands(send: (message: CommandMessage) => void): WorkerCommands {
  return Object.fromEntries(
    COMMANDS.map((command) => [command, (...args: unknown[]) => send({ type: 'command', command, args } as CommandMessage)]),
  ) as WorkerCommands;
}
