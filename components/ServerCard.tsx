import type { ServerView } from '@/lib/messages';
import { ToolRunner } from './ToolRunner';

export interface ServerCardProps {
  server: ServerView;
  onRun: (tool: string, args: Record<string, unknown>) => void;
  onReconnect: () => void;
  onRemove: () => void;
}

const STATUS_TEXT = { connecting: 'Connecting…', connected: 'Connected', error: 'Error' } as const;

export function ServerCard({ server, onRun, onReconnect, onRemove }: ServerCardProps) {
  return (
    <section class="card server" aria-label={`Server ${server.name}`}>
      <header>
        <strong>{server.name}</strong>
        <span class={`badge status-${server.status}`} role="status">
          {STATUS_TEXT[server.status]}
        </span>
      </header>
      <p class="muted url-line">
        {server.url}
        {server.protocolVersion && <> · MCP {server.protocolVersion}</>}
        {server.serverInfo && (
          <>
            {' '}
            · {server.serverInfo.name} {server.serverInfo.version}
          </>
        )}
      </p>
      {server.error && <p class="error">{server.error}</p>}
      <div class="actions">
        <button type="button" class="secondary" onClick={onReconnect}>
          Reconnect
        </button>
        <button type="button" class="secondary" onClick={onRemove}>
          Remove
        </button>
      </div>
      {server.tools.map((tool) => (
        <ToolRunner key={tool.name} serverId={server.id} tool={tool} onRun={(args) => onRun(tool.name, args)} />
      ))}
    </section>
  );
}
