/**
 * How toolnexus presents itself to every server (spec lifecycle: the client's info and
 * capabilities), the same for a connection's own client and for one that joins a task's session
 * (lib/mcp/taskCalls.ts): each declaration says why it is made.
 */
import type { ClientOptions, Implementation } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { APPS_EXTENSION } from '../apps/resource';
import { appsSettings } from './appElicitation';
import type { LoadOptions } from './connection';
import { ElicitingClient } from './elicitingClient';
import { SKILLS_EXTENSION } from './skills';
import { TASKS_EXTENSION } from './tasks';

const CLIENT_INFO: Implementation = { name: 'toolnexus', version: '0.1.0' };

/** Makes a client that declares what toolnexus does, with `more` of the SDK's options. */
export type NewClient = (more?: Partial<ClientOptions>) => ElicitingClient;

export function clientFactory({ clientInfo = CLIENT_INFO, mcpApps }: Pick<LoadOptions, 'clientInfo' | 'mcpApps'>): NewClient {
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
      ...(mcpApps && { [APPS_EXTENSION]: appsSettings() }),
    },
  };
  // Node would pick Ajv; the worker can only run the eval-free validator, so tests run it too.
  return (more = {}) => new ElicitingClient(clientInfo, { capabilities, jsonSchemaValidator: new CfWorkerJsonSchemaValidator(), ...more });
}
