import { memo } from 'preact/compat';
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
      {connected.map((server) => (
        <section key={server.id} class="group" aria-label={`Tools of ${server.displayName}`}>
          <h2>
            {server.displayName} <span class="count">{server.tools.length}</span>
          </h2>
          {server.tools.length === 0 && <p class="muted">This server offers no tools.</p>}
          {server.tools.map((tool) => (
            <ToolCard key={tool.name} serverId={server.id} tool={tool} onRun={onRun} />
          ))}
        </section>
      ))}
    </>
  );
});
