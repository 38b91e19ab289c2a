/**
 * The worker's side of lib/commands.ts: a command runs the Hub method of its name. The few
 * that answer the panel that sent them (an import's result, an export's text, an Answer the
 * inbox refused) say so through `reply`.
 */
import { type CommandMessage, type CommandName, isCommand } from './commands';
import type { Hub } from './hub';
import { InboxError } from './inbox';
import type { WorkerMessage } from './messages';

type Handlers = { [Name in CommandName]: (...args: Parameters<Hub[Name]>) => unknown };

export function hubCommands(hub: Hub, reply: (message: WorkerMessage) => void): (message: CommandMessage) => Promise<void> {
  /** An Answer the inbox refuses is the panel's to show beside its Request, not an error. */
  const refusable = (requestId: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      if (!(error instanceof InboxError)) throw error;
      reply({ type: 'answer-refused', requestId, message: error.message, problems: error.problems });
    }
  };
  const replying: Partial<Handlers> = {
    importServers: async (text) => reply({ type: 'imported', result: await hub.importServers(text) }),
    exportServers: (format) => reply({ type: 'exported', format, text: hub.exportServers(format) }),
    answer: (answer) => refusable(answer.id, () => hub.answer(answer)),
    openUrl: (requestId, mode) => refusable(requestId, () => hub.openUrl(requestId, mode)),
  };

  /** Runs one command from the port; rejects with what went wrong, for the panel to show. */
  return async ({ command, args }) => {
    if (!isCommand(command)) throw new Error(`toolnexus has no command ${JSON.stringify(command)}.`);
    const run = (replying[command] ?? hub[command].bind(hub)) as (...args: unknown[]) => unknown;
    await run(...(Array.isArray(args) ? args : []));
  };
}
