/**
 * The MCP client core (`Mcp.load/2` with `:wait_for` in docs/mapping.md): one SDK `Client` per server over
 * Streamable HTTP, speaking both protocol eras, with every elicitation routed to the
 * person through `waitFor`. Runs unchanged in the extension's worker and in Node.
 *
 * `load` only wires the parts and returns the Connection: `ElicitingClient` (the SDK's hooks),
 * `transport` (Streamable HTTP, the HTTP+SSE fallback, liveness), `idleClock` (timeouts that
 * pause for the person), `elicitations` (asking the person, the one check of an Answer),
 * `inputRounds` (2026-07-28 `input_required`) and `resume`, `requestRunner` (how each request
 * ends), `taskCalls` (tasks in both eras), `urlCompletion` (-32042), `logLevel`, `listChanges`,
 * `inboundBudget` and `questionGate` (a server's notifications and questions, counted where they enter).
 */
import { APPS_EXTENSION } from '../apps/resource';
import './zodJitless';
import type {
  CallToolResult,
  ClientOptions,
  GetPromptResult,
  Implementation,
  ReadResourceResult,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { appsSettings, serverBindsApps } from './appElicitation';
import type { CallOptions, Connection, LoadOptions, RoundMethod, ServerConfig } from './connection';
import { elicitations } from './elicitations';
import { ElicitingClient } from './elicitingClient';
import { idleClock } from './idleClock';
import { notificationBudget } from './inboundBudget';
import { questionGate } from './questionGate';
import { describeRequest, inputRounds, sendRoundMethod } from './inputRounds';
import { listChangedOption, listenWithoutAdvertisement } from './listChanges';
import { logLevel } from './logLevel';
import { resourceWatching } from './resourceWatch';
import { resumeRounds } from './resume';
import { requestRunner } from './runRequest';
import { listSkills, readSkillFile, SKILLS_EXTENSION, sendExtension } from './skills';
import { taskCalls } from './taskCalls';
import { TASKS_EXTENSION } from './tasks';
import { connectTransport, liveness } from './transport';
import { sendAfterUrlVisits } from './urlCompletion';

/** spec 2025-11-25 completion: a response holds at most 100 values. */
const MAX_COMPLETIONS = 100;
const CLIENT_INFO: Implementation = { name: 'toolnexus', version: '0.1.0' };

/**
 * Connects to `server` and keeps the connection for calls. `elicitation/create` (2025)
 * and `input_required` elicitations (2026) both arrive at one handler: params are
 * checked, mapped to a Request, answered through `waitFor`, and mapped back.
 */
export async function load(server: ServerConfig, options: LoadOptions): Promise<Connection> {
  const { idleTimeoutMs = 60_000, maxAttempts = 3 } = options;
  const capabilities = {
    elicitation: { form: {}, url: {} },
    // spec 2025-11-25 tasks: parties that support task-augmented requests MUST declare `tasks`;
    // toolnexus only sends them, so it names no request it would take as a task itself.
    tasks: {},
    extensions: {
      // SEP-2663: the one handshake of 2026-07-28 tasks; the server then decides per call.
      [TASKS_EXTENSION]: {},
      // SEP-2640 via SEP-2133 negotiation: toolnexus lists and reads skills; it sends no directory reads.
      [SKILLS_EXTENSION]: {},
      // MCP Apps, with SEP-3118's `elicitation` member: only where the host renders apps.
      ...(options.mcpApps && { [APPS_EXTENSION]: appsSettings() }),
    },
  };
  // Node would pick Ajv; the worker can only run the eval-free validator, so tests run it too.
  const newClient = (more: Partial<ClientOptions> = {}) =>
    new ElicitingClient(options.clientInfo ?? CLIENT_INFO, { capabilities, jsonSchemaValidator: new CfWorkerJsonSchemaValidator(), ...more });
  const client = newClient({ listChanged: listChangedOption(options.onListChanged), versionNegotiation: { mode: 'auto' } });
  const clock = idleClock(idleTimeoutMs);
  const live = liveness(client, server.name, options.onLost);
  const budget = notificationBudget({
    deliver: (notification) => client.deliverNotification({ jsonrpc: '2.0', ...notification }),
    onDropped: options.onDropped,
  });
  const gate = options.questions && questionGate(options.questions);
  const stopInbound = () => {
    budget.stop();
    gate?.stop();
  };
  live.lost.addEventListener('abort', stopInbound, { once: true });
  const modern = () => client.getProtocolEra() === 'modern';
  const appsBound = () => options.mcpApps === true && serverBindsApps(client.getServerCapabilities());
  const elicits = elicitations({ ...options, serverName: server.name, maxAttempts, clock, lost: live.lost, modern, appsBound, placeOf: gate?.take });
  client.setNotificationHandler('notifications/message', ({ params }) => options.onLog?.(params));
  client.setNotificationHandler('notifications/elicitation/complete', ({ params }) => elicits.complete(params.elicitationId));
  elicits.handle(client);
  const rounds = inputRounds(server.name, elicits.elicit);
  client.driveInputRounds = (payload, call) => rounds.drive(payload, call, live.lost);
  const run = requestRunner(server.name, clock, live.lost, rounds);

  const transport = await connectTransport(client, server, {
    ...options,
    clock,
    liveness: live,
    onCallEnded: elicits.callEnded,
    inbound: gate ? { admit: (data, stream) => gate.admit(data, stream) && budget.admit(data), sent: gate.sent } : { admit: budget.admit },
  }).catch((error: unknown) => {
    stopInbound();
    throw error;
  });
  listenWithoutAdvertisement(client, options.onListChanged);
  const logs = await logLevel(client, options.logLevel);
  const tasks = taskCalls({ serverName: server.name, client, transport, newClient, elicitations: elicits, lost: live.lost, run });
  const sendRound = <T>(method: RoundMethod, params: Record<string, unknown>, callOptions?: CallOptions) =>
    run(describeRequest(method, params), (sdk) => sendRoundMethod(client, method, params, sdk), callOptions) as Promise<T>;

  async function callTool(name: string, args: Record<string, unknown>, callOptions: CallOptions = {}): Promise<CallToolResult> {
    const params = logs.withLevel({ name, arguments: args });
    if (callOptions.asTask && !modern()) return tasks.callAsTask(params, callOptions);
    return sendAfterUrlVisits(
      async () => tasks.followIfTask(await sendRound<CallToolResult>('tools/call', params, callOptions), callOptions),
      (required) => elicits.visitUrls(name, required.elicitations, callOptions.signal ? AbortSignal.any([callOptions.signal, live.lost]) : live.lost),
    );
  }

  const offers = (capability: keyof ServerCapabilities) => client.getServerCapabilities()?.[capability] !== undefined;
  const readResource = (uri: string, readOptions?: CallOptions) =>
    sendRound<ReadResourceResult>('resources/read', logs.withLevel({ uri }), readOptions);
  const skills = client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION] !== undefined;

  return {
    server,
    era: client.getProtocolEra() ?? 'legacy',
    transport: transport.kind,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    discover: client.getDiscoverResult(),
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    listTools: async () => (offers('tools') ? (await client.listTools()).tools : []),
    callTool: (name, args = {}, callOptions) => callTool(name, args, callOptions),
    listResources: async () => (offers('resources') ? (await client.listResources()).resources : []),
    listResourceTemplates: async () => (offers('resources') ? (await client.listResourceTemplates()).resourceTemplates : []),
    readResource,
    listPrompts: async () => (offers('prompts') ? (await client.listPrompts()).prompts : []),
    getPrompt: (name, args = {}, promptOptions) =>
      sendRound<GetPromptResult>('prompts/get', logs.withLevel({ name, arguments: args }), promptOptions),
    listSkills: async () => (skills ? listSkills(sendExtension(client)) : []),
    readSkill: (skillUri, fileUri, readOptions) => readSkillFile(sendExtension(client), readResource, skillUri, fileUri, readOptions),
    watchResource: resourceWatching(client, server.name),
    complete: async (ref, argument, filled = {}) => {
      if (!offers('completions')) return [];
      const context = Object.keys(filled).length > 0 ? { context: { arguments: filled } } : {};
      const { completion } = await client.complete({ ref, argument, ...context });
      // A server that sends more than the spec's 100 is cut, not trusted.
      return completion.values.filter((value): value is string => typeof value === 'string').slice(0, MAX_COMPLETIONS);
    },
    resume: resumeRounds({ serverName: server.name, client, run, rounds, elicit: elicits.elicit, tasks }),
    followTask: (ref, followOptions = {}) => tasks.follow(ref, followOptions),
    setLogLevel: logs.set,
    close: () => {
      stopInbound();
      return transport.close();
    },
  };
}
