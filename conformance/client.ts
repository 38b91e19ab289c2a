/**
 * The client under test for `@modelcontextprotocol/conformance` (client mode): toolnexus's
 * own client core — `load()` from lib/mcp, sign-in from lib/auth, every answer through the
 * client's one check (lib/mcp/elicitations.ts), as the panel's are — driven by a scripted
 * person instead of the side panel.
 *
 *   tsx conformance/client.ts <server-url>       (the suite appends the URL, sets
 *                                                 MCP_CONFORMANCE_SCENARIO and, for some
 *                                                 scenarios, MCP_CONFORMANCE_CONTEXT)
 *
 * Every scenario runs the same session a person would have in the panel: connect, list
 * the tools, call each with plausible arguments, answer whatever the server asks, close.
 * Only configuration a person would type in differs per scenario (a pre-registered client
 * id and secret). The last stdout line says whether the session went as the scenario
 * expects; conformance/run.ts reads it, since the suite's --suite mode ignores exit codes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthorizationError, memoryArea, type AuthorizationSetup, type PreRegisteredClient } from '../lib/auth';
import { browserCatalog, setCatalog } from '../lib/i18n';
import { load } from '../lib/mcp/client';
import type { Connection } from '../lib/mcp/connection';
import { scriptedBrowser } from '../tests/fixtures/auth/scripted-browser';
import { plausibleArguments, scriptedPerson, type ScriptedPerson } from './scripted-person';

/** The extension's OAuth redirect URL (the id pinned by keys/dev-extension-key.txt). */
const REDIRECT_URL = 'https://bekjilnimdjfgknlplojgnmbcojiihao.chromiumapp.org/';
/**
 * The Client ID Metadata Document URL the suite's authorization servers accept as a
 * client id without fetching it (it stands for the https URL toolnexus would publish).
 */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** Scenarios where a correct client stops: the session must end in an error, not a result. */
const MUST_REFUSE: Record<string, string> = {
  // RFC 8707 / RFC 9728 §3.3: the metadata names a resource other than the server.
  'auth/resource-mismatch': 'the protected resource metadata names another resource',
  // spec basic/authorization, step-up: clients SHOULD bound retries.
  'auth/scope-retry-limit': 'the server keeps refusing the granted scope',
};

interface Context {
  client_id?: string;
  client_secret?: string;
}

function log(message: string): void {
  process.stderr.write(`[harness] ${message}\n`);
}

function readContext(): Context {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT;
  if (!raw) return {};
  const parsed: unknown = JSON.parse(raw);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Context) : {};
}

function authorizationFor(context: Context, person: ScriptedPerson): AuthorizationSetup {
  const browser = scriptedBrowser({ redirectUrl: REDIRECT_URL });
  // What a person types into the server's settings when the operator gave them a client.
  const preRegistered: PreRegisteredClient | undefined = context.client_id
    ? { clientId: context.client_id, ...(context.client_secret ? { clientSecret: context.client_secret } : {}) }
    : undefined;
  return {
    storage: { local: memoryArea(), session: memoryArea() },
    redirectUrl: REDIRECT_URL,
    // The consent card only says yes or no; the sign-in flow opens the page itself.
    consent: async (request) => {
      person.asked.push(request);
      return { id: request.id, ok: true };
    },
    authorize: (url) => browser.authorize(url),
    clientMetadataUrl: CLIENT_METADATA_URL,
    ...(preRegistered ? { preRegistered } : {}),
  };
}

async function session(serverUrl: string, scenario: string): Promise<string> {
  const person = scriptedPerson();
  const context = readContext();
  let connection: Connection | undefined;
  try {
    connection = await load(
      { id: 'conformance', name: `Conformance (${scenario})`, url: serverUrl },
      {
        waitFor: person.waitFor,
        untilVisitEnds: person.untilVisitEnds,
        authorization: authorizationFor(context, person),
        idleTimeoutMs: 10_000,
      },
    );
    log(`connected: ${connection.era} era, protocol ${connection.protocolVersion ?? '?'}, server ${connection.serverInfo?.name ?? '?'}`);
    const tools = await connection.listTools();
    log(`tools: ${tools.map((tool) => tool.name).join(', ') || '(none)'}`);
    const outcomes: string[] = [];
    for (const tool of tools) {
      const args = plausibleArguments(tool.inputSchema);
      const result = await connection.callTool(tool.name, args);
      const text = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join(' ');
      log(`called ${tool.name}(${JSON.stringify(args)}) → ${result.isError ? 'error: ' : ''}${text.slice(0, 200)}`);
      if (result.isError) throw new Error(`${tool.name} returned an error: ${text}`);
      outcomes.push(tool.name);
    }
    for (const request of person.asked) log(`asked: ${request.kind} "${request.prompt.slice(0, 80)}"`);
    return `${tools.length} tool(s) listed, ${outcomes.length} called, ${person.asked.length} request(s) answered`;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  // lib/ words its sign-in steps and errors from a catalog: English, written beside this bundle by run.ts.
  const messages = JSON.parse(readFileSync(join(import.meta.dirname, 'messages.json'), 'utf8')) as Record<string, string>;
  setCatalog(browserCatalog((name) => messages[name] ?? ''));
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const serverUrl = process.argv.at(-1) ?? '';
  if (!scenario || !URL.canParse(serverUrl)) {
    process.stderr.write('usage: MCP_CONFORMANCE_SCENARIO=<name> tsx conformance/client.ts <server-url>\n');
    process.exit(2);
  }
  const refusal = MUST_REFUSE[scenario];
  try {
    const summary = await session(serverUrl, scenario);
    if (refusal) {
      console.log(`toolnexus-harness: FAIL ${scenario}: went on although ${refusal} (${summary})`);
      process.exit(1);
    }
    console.log(`toolnexus-harness: PASS ${scenario}: ${summary}`);
    process.exit(0);
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(error instanceof Error ? (error.stack ?? message) : message);
    if (refusal) {
      const kind = error instanceof AuthorizationError ? ` [${error.code}]` : '';
      console.log(`toolnexus-harness: PASS ${scenario}: refused as expected, since ${refusal}${kind}: ${message}`);
      process.exit(0);
    }
    console.log(`toolnexus-harness: FAIL ${scenario}: ${message}`);
    process.exit(1);
  }
}

await main();
