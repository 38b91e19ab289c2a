import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import { visibleToPerson } from '@/lib/apps/resource';
import type { SavedCall } from '@/lib/savedCalls';
import { LazySavedCallsFile } from './LazySavedCallsFile';
import type { ServerView } from '@/lib/state';
import { type ArgumentsDraft, ToolCard } from './ToolCard';

export interface ToolsTabProps {
  servers: ServerView[];
  savedCalls: SavedCall[];
  draft?: ArgumentsDraft;
}

const key = (serverUrl: string, tool: string) => `${serverUrl} ${tool}`;

/** Every connected server's tools, one section per server, and the saved calls of each tool. */
export const ToolsTab = memo(function ToolsTab({ servers, savedCalls, draft }: ToolsTabProps) {
  const savedByTool = useMemo(() => {
    const groups = new Map<string, SavedCall[]>();
    for (const call of savedCalls) {
      const group = groups.get(key(call.serverUrl, call.tool));
      if (group) group.push(call);
      else groups.set(key(call.serverUrl, call.tool), [call]);
    }
    return groups;
  }, [savedCalls]);
  const connected = servers.filter((server) => server.status === 'connected');
  const file = <LazySavedCallsFile count={savedCalls.length} />;
  if (connected.length === 0) {
    return (
      <>
        <p class="empty muted">No connected server. Add one under Servers.</p>
        {file}
      </>
    );
  }
  return (
    <>
      {connected.map((server) => {
        // A tool its server shows only to its apps (MCP Apps `visibility: ["app"]`) is theirs to call.
        const tools = server.tools.filter(visibleToPerson);
        const appOnly = server.tools.length - tools.length;
        return (
          <section key={server.id} class="group" aria-label={`Tools of ${server.displayName}`}>
            <h2>
              {server.displayName} <span class="count">{tools.length}</span>
            </h2>
            {tools.length === 0 && <p class="muted">This server offers no tools.</p>}
            {tools.map((tool) => (
              <ToolCard
                key={tool.name}
                serverId={server.id}
                serverUrl={server.url}
                tool={tool}
                saved={savedByTool.get(key(server.url, tool.name))}
                draft={draft?.serverId === server.id && draft.tool === tool.name ? draft : undefined}
              />
            ))}
            {appOnly > 0 && <p class="muted">{appOnly === 1 ? 'One more tool is' : `${appOnly} more tools are`} for this server's apps to call.</p>}
          </section>
        );
      })}
      {file}
    </>
  );
});
