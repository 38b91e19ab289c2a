/**
 * What the person (or an app) sends a server, each as an activity in the panel: tool calls —
 * run as a task where the server offers tasks and the tool allows one — resource reads (a
 * template filled in first), prompts; stopping one, and clearing those done. Also the
 * completions a field suggests.
 */
import { UriTemplate, type Tool } from '@modelcontextprotocol/client';
import { appOfTool } from '../apps/resource';
import type { Connection } from '../mcp/connection';
import { type PolicyJudge, verdictSentence } from '../policy';
import { runsAsTask } from '../mcp/tasks';
import type { CallView, CompleteRef, PromptView, ResourceReadView } from '../state';
import type { Activities } from './activities';
import type { LiveResources } from './liveResources';
import type { ResumedCalls } from './resumedCalls';
import type { Servers } from './servers';
import { t } from '../i18n';

export interface CallsOptions {
  activities: Pick<Activities, 'run' | 'cancel' | 'clear' | 'find'>;
  /** Calls a stopped worker left, which a cancel stops from being carried on. */
  resumed: Pick<ResumedCalls, 'drop'>;
  /** Watched reads, which stop watching when their card is cleared. */
  live: Pick<LiveResources, 'stopWhere'>;
  /** The server's view: its tools, as last listed. */
  servers: Pick<Servers, 'view'>;
  /** The server's live connection, if it has one now. */
  connection: (serverId: string) => Connection | undefined;
  /** The organisation's policy: whether MCP Apps are shown. */
  policy?: () => PolicyJudge;
}

export class Calls {
  readonly #options: CallsOptions;

  constructor(options: CallsOptions) {
    this.#options = options;
  }

  /** Runs a tool for the person; a tool with an MCP App gets it shown with the result, unless the organisation turned apps off (the card says so). */
  callTool(serverId: string, tool: string, args: Record<string, unknown>): Promise<CallView> {
    const app = appOfTool(this.#tool(serverId, tool));
    const verdict = app && this.#options.policy?.().judgeFeature('mcpApps');
    const shown = verdict && !verdict.allowed ? { problem: verdictSentence(verdict) } : app;
    return this.#call(serverId, tool, args, shown ? { app: shown } : {});
  }

  /** A tool call the app of activity `appOf` makes, run as the person's Run is and shown as the app's. */
  callForApp(serverId: string, tool: string, args: Record<string, unknown>, appOf: string): Promise<CallView> {
    return this.#call(serverId, tool, args, { appOf });
  }

  readResource(serverId: string, uri: string): Promise<ResourceReadView> {
    return this.#options.activities.run<ResourceReadView>({ kind: 'resource', uri }, serverId, (connection, options) =>
      connection.readResource(uri, options),
    );
  }

  /** Reads one file of a skill (SEP-2640), verified against the skill's entry; shown as a resource read is, with its bounds. */
  readSkill(serverId: string, skillUri: string, fileUri = skillUri): Promise<ResourceReadView> {
    return this.#options.activities.run<ResourceReadView>({ kind: 'resource', uri: fileUri, skill: skillUri }, serverId, (connection, options) =>
      connection.readSkill(skillUri, fileUri, options),
    );
  }

  /** Reads the resource a template names for these values (RFC 6570, percent-encoded). */
  readTemplate(serverId: string, uriTemplate: string, values: Record<string, unknown>): Promise<ResourceReadView> {
    const variables = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value ?? '')]));
    return this.readResource(serverId, new UriTemplate(uriTemplate).expand(variables));
  }

  getPrompt(serverId: string, prompt: string, args: Record<string, string>): Promise<PromptView> {
    return this.#options.activities.run<PromptView>({ kind: 'prompt', prompt, args }, serverId, (connection, options) =>
      connection.getPrompt(prompt, args, options),
    );
  }

  /** Stops a running request; the server is told (`notifications/cancelled`). */
  cancel(activityId: string): void {
    this.#options.activities.cancel(activityId);
    this.#options.resumed.drop(activityId, 'cancelled', t('errors.hub.cancelledBeforeResume'));
  }

  /** Clears what has ended (a cleared read is watched no more); what runs stays. */
  async clear(): Promise<void> {
    const { activities, live } = this.#options;
    activities.clear();
    await live.stopWhere((activityId) => !activities.find(activityId));
  }

  /**
   * Suggestions for an argument of a prompt or resource template, with the arguments already
   * filled in as context; none when the server is not connected or offers no completions.
   */
  async complete(serverId: string, ref: CompleteRef, argument: { name: string; value: string }, filled: Record<string, string>): Promise<string[]> {
    return (await this.#options.connection(serverId)?.complete(ref, argument, filled)) ?? [];
  }

  #call(serverId: string, tool: string, args: Record<string, unknown>, from: Pick<CallView, 'app' | 'appOf'>): Promise<CallView> {
    return this.#options.activities.run<CallView>({ kind: 'tool', tool, args, ...from }, serverId, (connection, options) =>
      // Decided as it is sent, on the tool as the server lists it then.
      connection.callTool(tool, args, { ...options, asTask: runsAsTask(connection.capabilities, this.#tool(serverId, tool)) }),
    );
  }

  #tool(serverId: string, name: string): Tool | undefined {
    return this.#options.servers.view(serverId)?.tools.find((item) => item.name === name);
  }
}
