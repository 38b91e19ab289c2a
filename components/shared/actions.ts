import { createContext } from 'preact';

/**
 * What a finished result's card can do besides Run again: copy a call's arguments into its
 * tool's form, keep them under a name; watch a read resource for changes.
 */
export interface ResultActions {
  edit: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  save: (serverId: string, tool: string, name: string, args: Record<string, unknown>) => void;
  /** Whether the server can say when a resource changed (`resources.subscribe`). */
  canWatch: (serverId: string) => boolean;
  watch: (activityId: string) => void;
  unwatch: (activityId: string) => void;
}

export const ResultActionsContext = createContext<ResultActions | null>(null);
