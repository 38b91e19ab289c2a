/**
 * Issue 12, connection diagnostics: for each way a server cannot be connected, a real local
 * server that fails that way, and the words the server card shows — what happened and what to
 * do — with the failure's own words kept beside them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Misbehaviour, startMisbehavingServer } from '../fixtures/misbehaving-server';
import { testHub, until } from '../hub-harness';
import { readText } from '../readText';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** The error the server card shows after the first failed connect to `url`, as it reads: without the invisible isolates around hosts and URLs (lib/i18n `isolatedUrl`). */
async function cardError(url: string): Promise<string> {
  const hub = testHub({
    servers: [{ id: 's', url, enabled: true }],
    // Hold retries back: the first failure is the one read.
    backoffMs: () => 60_000,
    originRefused: async () => {},
  });
  await hub.start();
  const state = await until(hub, (next) => next.servers[0]?.status === 'error' || next.servers[0]?.status === 'needs-authorization');
  await hub.removeServer('s');
  return readText(state.servers[0]!.error);
}

async function misbehaving(how: Misbehaviour): Promise<string> {
  const server = await startMisbehavingServer(how);
  closing.push(server.close);
  return server.url;
}

describe('Connection diagnostics in words', () => {
  it('nothing listening: the host could not be reached, and why it might be', async () => {
    expect(await cardError('http://127.0.0.1:9/mcp')).toMatch(
      /^Could not reach 127\.0\.0\.1:9: nothing answered\. The server may be down, the address or port wrong/,
    );
  });

  it('404 on the path: suggests /mcp', async () => {
    const url = await misbehaving('not-found');
    expect(await cardError(url)).toMatch(
      new RegExp(
        `^Nothing answers at / on ${new URL(url).host.replace('.', '\\.')} \\(404 Not Found\\)\\. MCP servers usually live at /mcp: try ${new URL(url).origin}/mcp\\.`,
      ),
    );
  });

  it('401 with no OAuth metadata: says to add a token as a header', async () => {
    expect(await cardError(await misbehaving('bare-401'))).toMatch(
      /requires signing in \(401 Unauthorized\) but publishes no sign-in toolnexus can use.*Authorization: Bearer <token>/,
    );
  });

  it("403 Invalid Origin even without the extension's Origin: says the owner must allow it", async () => {
    expect(await cardError(await misbehaving('invalid-origin'))).toMatch(
      /refused this browser's requests for their origin \(403 Invalid Origin\), even with the extension's Origin header removed/,
    );
  });

  it('a web page where MCP should be: says the URL is probably a website or sign-in page', async () => {
    expect(await cardError(await misbehaving('html'))).toMatch(
      /answered with a web page, not MCP: this URL is probably a website or its sign-in page/,
    );
  });

  it('JSON that is not JSON-RPC: says it is not MCP', async () => {
    expect(await cardError(await misbehaving('not-json-rpc'))).toMatch(/answered, but not in MCP's JSON-RPC/);
  });

  it('every protocol version refused: names what each side speaks', async () => {
    expect(await cardError(await misbehaving('future-version'))).toMatch(
      /speaks only MCP 2099-01-01; toolnexus speaks 2026-07-28, 2025-11-25, .*2024-11-05.*\. The server needs updating\./,
    );
  });
});
