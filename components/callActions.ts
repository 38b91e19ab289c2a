import { createContext } from 'preact';

/** What a finished call's card can do besides Run again: copy its arguments into the tool's form, keep them under a name. */
export interface CallActions {
  edit: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  save: (serverId: string, tool: string, name: string, args: Record<string, unknown>) => void;
}

export const CallActionsContext = createContext<CallActions | null>(null);
