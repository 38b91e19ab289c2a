/** A Connection that answers from memory, for unit tests of what the hub does with one. */
import type { Connection, ServerConfig } from '../../../lib/mcp/connection';

/** Connected to `server`: one tool, one resource template, empty results; `closed` once closed. */
export function fakeConnection(server: ServerConfig, overrides: Partial<Connection> = {}): Connection & { closed: boolean } {
  const connection = {
    closed: false,
    server,
    era: 'legacy' as const,
    transport: 'streamable-http' as const,
    protocolVersion: '2025-11-25',
    discover: undefined,
    serverInfo: { name: 'deploys', title: 'Deploys', version: '1' },
    capabilities: {},
    instructions: 'Be brief.',
    listTools: async () => [{ name: 'deploy', inputSchema: { type: 'object' as const } }],
    listResources: async () => [],
    listResourceTemplates: async () => [{ name: 'log', uriTemplate: 'logs://{day}/{level}' }],
    listPrompts: async () => [],
    listSkills: async () => [],
    readSkill: async () => ({ contents: [] }),
    callTool: async () => ({ content: [] }),
    readResource: async () => ({ contents: [] }),
    getPrompt: async () => ({ messages: [] }),
    complete: async () => [],
    watchResource: async () => async () => {},
    resume: async () => ({ content: [] }),
    followTask: async () => ({ content: [] }),
    setLogLevel: async () => {},
    close: async () => void (connection.closed = true),
    ...overrides,
  };
  return connection;
}
