import { describe, expect, it } from 'vitest';
import { APPS_EXTENSION } from '../../../lib/apps/resource';
import { clientFactory } from '../../../lib/mcp/capabilities';
import { SKILLS_EXTENSION } from '../../../lib/mcp/skills';
import { TASKS_EXTENSION } from '../../../lib/mcp/tasks';

/** What a client declares, as the SDK would send it in its handshake. */
const declared = (client: ReturnType<ReturnType<typeof clientFactory>>) =>
  (client as unknown as { _capabilities: Record<string, unknown> })._capabilities;

describe('how toolnexus presents itself', () => {
  it('declares both kinds of elicitation, tasks, and the tasks and skills extensions; MCP Apps only where the host renders them', () => {
    const plain = declared(clientFactory({})());
    expect(plain).toMatchObject({ elicitation: { form: {}, url: {} }, tasks: {}, extensions: { [TASKS_EXTENSION]: {}, [SKILLS_EXTENSION]: {} } });
    expect(plain.extensions).not.toHaveProperty(APPS_EXTENSION);
    expect(declared(clientFactory({ mcpApps: true })()).extensions).toHaveProperty(APPS_EXTENSION);
  });

  it('names itself toolnexus unless told otherwise, the same for every client it makes', () => {
    const make = clientFactory({});
    const info = (client: ReturnType<typeof make>) => (client as unknown as { _clientInfo: { name: string } })._clientInfo.name;
    expect([info(make()), info(make({ versionNegotiation: { mode: 'auto' } }))]).toEqual(['toolnexus', 'toolnexus']);
    expect(info(clientFactory({ clientInfo: { name: 'harness', version: '1' } })())).toBe('harness');
  });
});
