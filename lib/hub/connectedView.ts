/**
 * What a connected server's card is made of: what it said of itself, the lists it offers (its
 * skills asked apart, so their failure costs only them), and a list the server says changed.
 */
import { UriTemplate } from '@modelcontextprotocol/client';
import type { AuthStatus } from '../auth';
import { errorMessage } from '../errorMessage';
import type { Connection, ListChange } from '../mcp/connection';
import type { ServerView } from '../state';
import type { SavedServer } from './servers';
import { isolated, t } from '../i18n';

/**
 * A server's skills, or why they could not be listed: `skills/list` belongs to an extension
 * (SEP-2640), so its failure costs the person the skills, never the server's tools, resources and
 * prompts. A later connect that lists them clears the reason.
 */
export async function listedSkills(connection: Connection): Promise<Pick<ServerView, 'skills' | 'skillsProblem'>> {
  try {
    return { skills: await connection.listSkills(), skillsProblem: undefined };
  } catch (error) {
    return { skills: [], skillsProblem: t('errors.hub.skillsUnlisted', { error: isolated(errorMessage(error)) }) };
  }
}

/** What a server's card shows once it is connected: what it said of itself and what it offers, and the sign-in, if any. */
export function connectedView(
  saved: SavedServer,
  connection: Connection,
  lists: Pick<ServerView, 'tools' | 'resources' | 'prompts' | 'skills' | 'skillsProblem'> & {
    resourceTemplates: Omit<ServerView['resourceTemplates'][number], 'variables'>[];
  },
  auth: AuthStatus | undefined,
): Partial<ServerView> {
  const info = connection.serverInfo;
  return {
    status: 'connected',
    displayName: saved.name ?? info?.title ?? info?.name ?? new URL(saved.url).host,
    era: connection.era,
    transport: connection.transport === 'sse' ? 'sse' : undefined,
    protocolVersion: connection.protocolVersion,
    serverInfo: info,
    instructions: connection.instructions,
    completions: connection.capabilities.completions ? true : undefined,
    subscribe: connection.capabilities.resources?.subscribe ? true : undefined,
    auth: auth?.signedIn ? auth : undefined,
    ...lists,
    resourceTemplates: lists.resourceTemplates.map((template) => ({ ...template, variables: templateVariables(template.uriTemplate) })),
  };
}

function templateVariables(uriTemplate: string): string[] {
  try {
    return new UriTemplate(uriTemplate).variableNames;
  } catch {
    return [];
  }
}

export function listPatch(change: ListChange): Partial<ServerView> {
  switch (change.kind) {
    case 'tools':
      return { tools: change.items };
    case 'resources':
      return { resources: change.items };
    case 'prompts':
      return { prompts: change.items };
  }
}
