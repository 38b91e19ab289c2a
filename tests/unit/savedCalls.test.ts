import { describe, expect, it } from 'vitest';
import { exportSavedCalls, MAX_SAVED_CALLS, parseSavedCalls, SavedCallError, savedCall } from '../../lib/savedCalls';

let next = 0;
const newId = () => `id-${++next}`;

describe('saved calls', () => {
  it('go out as a file and come back the same', () => {
    const calls = [savedCall({ serverUrl: 'https://mcp.example.com/mcp', tool: 'deploy', name: ' nightly ', arguments: { target: 'prod' } }, 'a', 1)];
    expect(calls[0]!.name).toBe('nightly');
    const text = exportSavedCalls(calls);
    expect(JSON.parse(text)).toEqual({
      format: 'toolnexus-saved-calls',
      version: 1,
      calls: [{ server: 'https://mcp.example.com/mcp', tool: 'deploy', name: 'nightly', arguments: { target: 'prod' } }],
    });
    const back = parseSavedCalls(text, newId, 2);
    expect(back.skipped).toEqual([]);
    expect(back.calls.map(({ serverUrl, tool, name, arguments: args }) => ({ serverUrl, tool, name, args }))).toEqual([
      { serverUrl: 'https://mcp.example.com/mcp', tool: 'deploy', name: 'nightly', args: { target: 'prod' } },
    ]);
  });

  it('skip each entry that cannot be kept, saying why', () => {
    const file = {
      format: 'toolnexus-saved-calls',
      version: 1,
      calls: [
        { server: 'https://a.example/mcp', tool: 'x', name: 'ok', arguments: {} },
        { server: 'not a url', tool: 'x', name: 'bad url', arguments: {} },
        { server: 'https://a.example/mcp', tool: 'x', name: 'list', arguments: [1] },
        { server: 'https://a.example/mcp', tool: 'x', name: 'n'.repeat(101), arguments: {} },
        { server: 'https://a.example/mcp', tool: 'x', name: 'huge', arguments: { text: 'x'.repeat(100_001) } },
        'nope',
      ],
    };
    const { calls, skipped } = parseSavedCalls(JSON.stringify(file), newId, 0);
    expect(calls.map((call) => call.name)).toEqual(['ok']);
    expect(skipped.map((entry) => entry.reason)).toEqual([
      'A saved call needs its server’s URL.',
      'A saved call’s arguments must be an object.',
      'A saved call’s name is at most 100 characters.',
      'A saved call’s arguments are at most 100,000 characters of JSON.',
      'not an object',
    ]);
  });

  it(`keep at most ${MAX_SAVED_CALLS} from one file`, () => {
    const calls = Array.from({ length: MAX_SAVED_CALLS + 2 }, (_, index) => ({
      server: 'https://a.example/mcp',
      tool: 'x',
      name: `c${index}`,
      arguments: {},
    }));
    const result = parseSavedCalls(JSON.stringify({ format: 'toolnexus-saved-calls', version: 1, calls }), newId, 0);
    expect(result.calls).toHaveLength(MAX_SAVED_CALLS);
    expect(result.skipped).toHaveLength(2);
  });

  it('refuse a file that is not one of theirs', () => {
    expect(() => parseSavedCalls('{ nope', newId, 0)).toThrow(SavedCallError);
    expect(() => parseSavedCalls(JSON.stringify({ mcpServers: {} }), newId, 0)).toThrow(/not a toolnexus saved-calls file/);
  });
});
