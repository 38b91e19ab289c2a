import { describe, expect, it } from 'vitest';
import { type AnsweredMessage, ASKS, type AskMessage, COMMANDS, type CommandMessage, remoteAsks, remoteCommands } from '../../../lib/port/commands';
import { hubCommands } from '../../../lib/port/hubCommands';
import type { WorkerMessage } from '../../../lib/port/messages';
import { testHub } from '../../hub-harness';

function worker() {
  const hub = testHub();
  const replies: WorkerMessage[] = [];
  return { hub, replies, run: hubCommands(hub, (message) => replies.push(message)) };
}

describe('The command table', () => {
  it('names only methods the Hub has', () => {
    const hub = worker().hub as unknown as Record<string, unknown>;
    expect(COMMANDS.filter((command) => typeof hub[command] !== 'function')).toEqual([]);
  });

  it('the panel side sends one message per call, with the arguments in order', () => {
    const sent: CommandMessage[] = [];
    const commands = remoteCommands((message) => sent.push(message));
    commands.callTool('s1', 'deploy', { target: 'prod' });
    commands.clearActivities();
    expect(sent).toEqual([
      { type: 'command', command: 'callTool', args: ['s1', 'deploy', { target: 'prod' }] },
      { type: 'command', command: 'clearActivities', args: [] },
    ]);
    expect(Object.keys(commands).sort()).toEqual([...COMMANDS].sort());
  });

  it('the worker side runs the Hub method of that name, and replies where a command answers', async () => {
    const { hub, replies, run } = worker();
    await run({ type: 'command', command: 'updateSettings', args: [{ requestTimeoutMinutes: 3 }] });
    expect(hub.state().settings.requestTimeoutMinutes).toBe(3);
    await run({ type: 'command', command: 'exportServers', args: ['mcpServers'] });
    expect(replies).toEqual([{ type: 'exported', format: 'mcpServers', text: expect.stringContaining('mcpServers') }]);
  });

  it('an Answer the inbox refuses is a reply beside its Request, not an error', async () => {
    const { replies, run } = worker();
    await run({ type: 'command', command: 'answer', args: [{ id: 'elc-gone-1', ok: true }] });
    expect(replies).toEqual([
      { type: 'answer-refused', requestId: 'elc-gone-1', message: expect.stringMatching(/No pending request elc-gone-1/), problems: [] },
    ]);
  });

  it('rejects what the Hub rejects, and a command that is not in the table', async () => {
    const { run } = worker();
    await expect(run({ type: 'command', command: 'addServer', args: [{ url: 'javascript:alert(1)' }] })).rejects.toThrow(/javascript:/);
    await expect(run({ type: 'command', command: 'constructor', args: [] } as unknown as CommandMessage)).rejects.toThrow(
      'toolnexus has no command "constructor".',
    );
  });
});

describe('Asks: commands whose answer the panel waits for', () => {
  it('name only methods the Hub has', () => {
    const hub = worker().hub as unknown as Record<string, unknown>;
    expect(ASKS.filter((ask) => typeof hub[ask] !== 'function')).toEqual([]);
  });

  it('the worker answers each with its ticket: the value, or the error in words', async () => {
    const { replies, run } = worker();
    await run({ type: 'ask', ask: 'checkLink', ticket: 7, args: ['javascript:alert(1)'] });
    expect(replies).toEqual([{ type: 'answered', ticket: 7, value: expect.objectContaining({ refused: expect.stringMatching(/javascript:/) }) }]);
    await run({ type: 'ask', ask: 'loadApp', ticket: 8, args: ['no-such-call'] });
    expect(replies[1]).toEqual({ type: 'answered', ticket: 8, error: 'This app is no longer in the panel (its result was cleared).' });
    await run({ type: 'ask', ask: 'removeServer', ticket: 9, args: ['s1'] } as unknown as AskMessage);
    expect(replies[2]).toEqual({ type: 'answered', ticket: 9, error: 'toolnexus has no ask "removeServer".' });
  });

  it('the panel settles each by its ticket, and fails what a lost port will never answer', async () => {
    const sent: AskMessage[] = [];
    const { asks, settle, dropAll } = remoteAsks((message) => sent.push(message));
    const first = asks.checkLink('https://example.com');
    const second = asks.loadApp('a1');
    const third = asks.loadApp('a2');
    expect(sent.map(({ ask, ticket, args }) => [ask, ticket, args])).toEqual([
      ['checkLink', 1, ['https://example.com']],
      ['loadApp', 2, ['a1']],
      ['loadApp', 3, ['a2']],
    ]);
    settle({ type: 'answered', ticket: 2, error: 'gone' } as AnsweredMessage);
    settle({ type: 'answered', ticket: 1, value: { refused: null } } as AnsweredMessage);
    settle({ type: 'answered', ticket: 1, value: 'late duplicate' } as AnsweredMessage);
    await expect(first).resolves.toEqual({ refused: null });
    await expect(second).rejects.toThrow('gone');
    dropAll('The worker restarted.');
    await expect(third).rejects.toThrow('The worker restarted.');
  });
});
