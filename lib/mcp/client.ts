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
 * `inbound` (a server's notifications and questions, counted where they enter), `capabilities`
 * (what toolnexus declares) and `offers` (what the server offers, asked only where it does).
 */
import './zodJitless';
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/client';
import { serverBindsApps } from './appElicitation';
import { clientFactory } from './capabilities';
import type { CallOptions, Connection, LoadOptions, RoundMethod, ServerConfig } from './connection';
import { elicitations } from './elicitations';
import { idleClock } from './idleClock';
import { inbound } from './inbound';
import { inputRounds, sendRoundMethod } from './inputRounds';
import { listChangedOption, listenWithoutAdvertisement } from './listChanges';
import { logLevel } from './logLevel';
import { serverOffers } from './offers';
import { resourceWatching } from './resourceWatch';
import { resumeRounds } from './resume';
import { requestRunner } from './runRequest';
import { readSkillFile, sendExtension } from './skills';
import { taskCalls } from './taskCalls';
import { connectTransport, liveness } from './transport';
import { sendAfterUrlVisits } from './urlCompletion';

/**
 * Connects to `server` and keeps the connection for calls. `elicitation/create` (2025)
 * and `input_required` elicitations (2026) both arrive at one handler: params are
 * checked, mapped to a Request, answered through `waitFor`, and mapped back.
 */
export async function load(server: ServerConfig, options: LoadOptions): Promise<Connection> {
  const { idleTimeoutMs = 60_000, maxAttempts = 3 } = options;
  const newClient = clientFactory(options);
  const client = newClient({ listChanged: listChangedOption(options.onListChanged), versionNegotiation: { mode: 'auto' } });
  const clock = idleClock(idleTimeoutMs);
  const live = liveness(client, server.name, options.onLost);
  const entering = inbound({ ...options, deliver: (notification) => client.deliverNotification(notification), lost: live.lost });
  const modern = () => client.getProtocolEra() === 'modern';
  const appsBound = () => options.mcpApps === true && serverBindsApps(client.getServerCapabilities());
  const elicits = elicitations({
    ...options,
    serverName: server.name,
    maxAttempts,
    clock,
    lost: live.lost,
    modern,
    appsBound,
    placeOf: entering.placeOf,
  });
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
    inbound: entering.judge,
  }).catch((error: unknown) => {
    entering.stop();
    throw error;
  });
  listenWithoutAdvertisement(client, options.onListChanged);
  const logs = await logLevel(client, options.logLevel);
  const tasks = taskCalls({ serverName: server.name, client, transport, newClient, elicitations: elicits, lost: live.lost, run });
  const sendRound = <T>(method: RoundMethod, params: Record<string, unknown>, callOptions?: CallOptions) =>
    run({ method, params }, (sdk) => sendRoundMethod(client, method, params, sdk), callOptions) as Promise<T>;

  async function callTool(name: string, args: Record<string, unknown>, callOptions: CallOptions = {}): Promise<CallToolResult> {
    const params = logs.withLevel({ name, arguments: args });
    if (callOptions.asTask && !modern()) return tasks.callAsTask(params, callOptions);
    return sendAfterUrlVisits(
      async () => tasks.followIfTask(await sendRound<CallToolResult>('tools/call', params, callOptions), callOptions),
      (required) => elicits.visitUrls(name, required.elicitations, callOptions.signal ? AbortSignal.any([callOptions.signal, live.lost]) : live.lost),
    );
  }
  const readResource = (uri: string, readOptions?: CallOptions) =>
    sendRound<ReadResourceResult>('resources/read', logs.withLevel({ uri }), readOptions);

  return {
    server,
    era: client.getProtocolEra() ?? 'legacy',
    transport: transport.kind,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    discover: client.getDiscoverResult(),
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    ...serverOffers(client),
    callTool: (name, args = {}, callOptions) => callTool(name, args, callOptions),
    readResource,
    getPrompt: (name, args = {}, promptOptions) =>
      sendRound<GetPromptResult>('prompts/get', logs.withLevel({ name, arguments: args }), promptOptions),
    readSkill: (skillUri, fileUri, readOptions) => readSkillFile(sendExtension(client), readResource, skillUri, fileUri, readOptions),
    watchResource: resourceWatching(client, server.name),
    resume: resumeRounds({ serverName: server.name, client, run, rounds, elicit: elicits.elicit, tasks }),
    followTask: (ref, followOptions = {}) => tasks.follow(ref, followOptions),
    setLogLevel: logs.set,
    close: () => {
      entering.stop();
      return transport.close();
    },
  };
}
