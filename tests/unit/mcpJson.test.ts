import { describe, expect, it } from 'vitest';
import { McpJsonError, parseMcpJson, toMcpJson } from '../../lib/mcpJson';

describe('parseMcpJson', () => {
  it('reads Claude Desktop / Cursor files, skipping stdio servers with the reason', () => {
    const result = parseMcpJson(
      JSON.stringify({
        mcpServers: {
          github: { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] },
          typed: { type: 'http', url: 'http://127.0.0.1:3000/mcp' },
        },
      }),
    );
    expect(result.servers).toEqual([
      { name: 'github', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
      { name: 'typed', url: 'http://127.0.0.1:3000/mcp' },
    ]);
    expect(result.skipped).toEqual([{ name: 'files', reason: 'it starts a local program (npx) over stdio, which a browser cannot run.' }]);
  });

  it('reads VS Code files with typed entries', () => {
    const result = parseMcpJson(
      JSON.stringify({
        servers: {
          remote: { type: 'http', url: 'https://mcp.example.com/' },
          local: { type: 'stdio', command: 'python', args: ['server.py'] },
          old: { type: 'sse', url: 'https://old.example.com/sse' },
          secret: { type: 'http', url: 'https://x.example.com/', headers: { 'X-Key': '${input:key}' } },
        },
        inputs: [],
      }),
    );
    // An old HTTP+SSE server is imported like any other: connecting falls back to its transport.
    expect(result.servers).toEqual([
      { name: 'remote', url: 'https://mcp.example.com/' },
      { name: 'old', url: 'https://old.example.com/sse' },
    ]);
    expect(result.skipped.map((s) => s.name)).toEqual(['local', 'secret']);
    expect(result.skipped[1]!.reason).toMatch(/\$\{input:key\}/);
  });

  it('skips entries without a usable URL, naming why', () => {
    const { skipped } = parseMcpJson(JSON.stringify({ mcpServers: { a: {}, b: { url: 'ftp://x/' }, c: 'nope' } }));
    expect(skipped).toEqual([
      { name: 'a', reason: 'it has no "url".' },
      { name: 'b', reason: 'its url "ftp://x/" is not an http: or https: URL.' },
      { name: 'c', reason: 'the entry is not an object.' },
    ]);
  });

  it('refuses text that is not JSON or holds no server list, importing nothing', () => {
    expect(() => parseMcpJson('{"mcpServers": {')).toThrow(McpJsonError);
    expect(() => parseMcpJson('{"mcpServers": {')).toThrow(/not valid JSON.*Nothing was imported/);
    expect(() => parseMcpJson('[]')).toThrow(/No server list found/);
  });
});

describe('toMcpJson', () => {
  const servers = [
    { name: 'Deploys', url: 'https://deploy.example.com/mcp', headers: { 'X-Api-Key': 'k' } },
    { name: 'Deploys', url: 'http://127.0.0.1:4000/mcp' },
  ];

  it('writes a file the importer reads back', () => {
    for (const format of ['mcpServers', 'vscode'] as const) {
      expect(parseMcpJson(toMcpJson(servers, format))).toEqual({
        servers: [servers[0], { ...servers[1], name: 'Deploys (2)' }],
        skipped: [],
      });
    }
  });

  it('uses the key each editor expects', () => {
    expect(Object.keys(JSON.parse(toMcpJson(servers, 'vscode')))).toEqual(['servers']);
    expect(Object.keys(JSON.parse(toMcpJson(servers)))).toEqual(['mcpServers']);
  });
});
