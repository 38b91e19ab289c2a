/**
 * What a server offers, asked only of a server that says it offers it (spec: its capabilities
 * from the handshake): the lists of its tools, resources, templates, prompts and skills, and the
 * completions of an argument. A server that does not offer one is not asked and has none.
 */
import type { ServerCapabilities } from '@modelcontextprotocol/client';
import type { Connection } from './connection';
import type { ElicitingClient } from './elicitingClient';
import { listSkills, SKILLS_EXTENSION, sendExtension } from './skills';

/** spec 2025-11-25 completion: a response holds at most 100 values. */
const MAX_COMPLETIONS = 100;

type Offers = Pick<Connection, 'listTools' | 'listResources' | 'listResourceTemplates' | 'listPrompts' | 'listSkills' | 'complete'>;

export function serverOffers(client: ElicitingClient): Offers {
  const offers = (capability: keyof ServerCapabilities) => client.getServerCapabilities()?.[capability] !== undefined;
  const skills = client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION] !== undefined;
  return {
    listTools: async () => (offers('tools') ? (await client.listTools()).tools : []),
    listResources: async () => (offers('resources') ? (await client.listResources()).resources : []),
    listResourceTemplates: async () => (offers('resources') ? (await client.listResourceTemplates()).resourceTemplates : []),
    listPrompts: async () => (offers('prompts') ? (await client.listPrompts()).prompts : []),
    listSkills: async () => (skills ? listSkills(sendExtension(client)) : []),
    complete: async (ref, argument, filled = {}) => {
      if (!offers('completions')) return [];
      const context = Object.keys(filled).length > 0 ? { context: { arguments: filled } } : {};
      const { completion } = await client.complete({ ref, argument, ...context });
      // A server that sends more than the spec's 100 is cut, not trusted.
      return completion.values.filter((value): value is string => typeof value === 'string').slice(0, MAX_COMPLETIONS);
    },
  };
}
