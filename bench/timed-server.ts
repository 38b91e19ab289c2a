/**
 * The bench's own 2025-11-25 MCP server (SDK v1, the same session wiring as the legacy
 * fixture): `echo` for round trips, and elicitations that carry the wall-clock time the
 * server sent them, so the panel can tell how long a question took to become answerable.
 */
import type { ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { deployRequestedSchema, textResult } from '../tests/fixtures/deploy-form';
import { serveV1 } from '../tests/fixtures/legacy-server';
import type { FixtureServer } from '../tests/fixtures/loopback-http';
import { tripSchema } from '../tests/fixtures/showcase-server';

/**
 * Milliseconds since the epoch with sub-ms resolution: Node's clock here, and
 * `performance.timeOrigin + performance.now()` in Chromium, count from the same epoch;
 * the bench still measures their offset (`/clock`) rather than trust that.
 */
export const wallClock = () => performance.timeOrigin + performance.now();

/** `Bench form 7 sent at 1764680000123.456`: the prompt a timed elicitation shows. */
export const sentAtPattern = /sent at (\d+(?:\.\d+)?)/;

function build(): McpServer {
  const server = new McpServer({ name: 'Bench', version: '1.0.0' });

  server.registerTool('echo', { description: 'Returns text.', inputSchema: { text: z.string() } }, async ({ text }) => textResult(text));

  server.registerTool(
    'ask_form',
    {
      description: 'Asks a form (4 fields, or 10 when big) and reports the action.',
      inputSchema: { n: z.number().int(), big: z.boolean().default(false) },
    },
    async ({ n, big }, extra) => {
      const requestedSchema = big ? tripSchema() : deployRequestedSchema();
      const message = `Bench form ${n} sent at ${wallClock().toFixed(3)}`;
      const result = await server.server.elicitInput({ mode: 'form', message, requestedSchema }, { relatedRequestId: extra.requestId });
      return textResult(result.action);
    },
  );

  server.registerTool(
    'ask_url',
    { description: 'Asks the person to open a URL and reports the action.', inputSchema: { n: z.number().int() } },
    async ({ n }, extra) => {
      const url = `https://accounts.example.com/connect?flow=${n}`;
      const elicitationId = `bench-${n}-${Date.now()}`;
      const message = `Bench url ${n} sent at ${wallClock().toFixed(3)}`;
      const result = await server.server.elicitInput({ mode: 'url', message, url, elicitationId }, { relatedRequestId: extra.requestId });
      return textResult(result.action);
    },
  );

  return server;
}

function clockPage(_url: URL, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ now: wallClock() }));
}

/** Starts a timed server on `http://127.0.0.1:<port>/mcp`, with its clock at `/clock`. */
export function startTimedServer(): Promise<FixtureServer> {
  return serveV1(build, { pages: { '/clock': clockPage } });
}
