/**
 * The worker's side of lib/port/commands.ts: a command runs the Hub method of its name. The few
 * that answer the panel that sent them (an import's result, an export's text, an Answer the
 * inbox refused) say so through `reply`.
 */
import { type CommandName, isAsk, isCommand } from './commands';
import { errorMessage } from '../errorMessage';
import type { Hub } from '../hub';
import { InboxError } from '../inbox';
import type { PanelMessage, WorkerMessage } from './messages';

type Handlers = { [Name in CommandName]: (...args: Parameters<Hub[Name]>) => unknown };

export function hubCommands(hub: Hub, reply: (message: WorkerMessage) => void): (message: PanelMessage) => Promise<void> {
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

  /** Runs one command from the port; rejects with what went wrong, for the panel to show. An ask is answered instead. */
  return async (message) => {
    const args = Array.isArray(message.args) ? message.args : [];
    if (message.type === 'ask') {
      const { ask, ticket } = message;
      if (!isAsk(ask)) return reply({ type: 'answered', ticket, error: `toolnexus has no ask ${JSON.stringify(ask)}.` });
      try {
        const value = await (hub[ask] as (...args: unknown[]) => unknown).apply(hub, args);
        reply({ type: 'answered', ticket, value });
      } catch (error) {
        reply({ type: 'answered', ticket, error: errorMessage(error) });
      }
      return;
    }
    const { command } = message;
    if (!isCommand(command)) throw new Error(`toolnexus has no command ${JSON.stringify(command)}.`);
    const run = (replying[command] ?? hub[command].bind(hub)) as (...args: unknown[]) => unknown;
    await run(...args);
  };
}
