import { memo } from 'preact/compat';
import { visibleToPerson } from '@/lib/apps/resource';
import type { ServerView } from '@/lib/state';
import { ToolCard } from './ToolCard';

export interface ToolsTabProps {
  servers: ServerView[];
  onRun: (serverId: string, tool: string, args: Record<string, unknown>) => void;
}

/** Every connected server's tools, one section per server. */
export const ToolsTab = memo(function ToolsTab({ servers, onRun }: ToolsTabProps) {
  const connected = servers.filter((server) => server.status === 'connected');
  if (connected.length === 0) return <p class="empty muted">No connected server. Add one under Servers.</p>;
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
              <ToolCard key={tool.name} serverId={server.id} tool={tool} onRun={onRun} />
            ))}
            {appOnly > 0 && <p class="muted">{appOnly === 1 ? 'One more tool is' : `${appOnly} more tools are`} for this server's apps to call.</p>}
          </section>
        );
      })}
    </>
  );
});
