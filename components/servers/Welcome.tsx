import type { ImportResult } from '@/lib/mcpJson';
import { useActions } from '../shared/actions';
import { ImportFile } from './ImportFile';
import { ServerForm } from './ServerForm';
import '../shell/help.css';

export interface WelcomeProps {
  imported: ImportResult | null;
}

/** The Inbox of a panel with no servers yet: what toolnexus is for, and the ways to add the first one. */
export function Welcome({ imported }: WelcomeProps) {
  const { addServer, showHelp } = useActions();
  return (
    <section class="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to toolnexus</h1>
      <p>Connect MCP servers to this browser and use their tools, resources and prompts here.</p>
      <p>When a server needs you (a form, a page to visit, a sign-in), it waits in this Inbox until you answer.</p>
      <ServerForm id="welcome" submitLabel="Add server" onSubmit={addServer} />
      <ImportFile id="welcome-import" label="Or import mcp.json" imported={imported} />
      <p class="hint muted">
        No server yet?{' '}
        <button type="button" class="link" onClick={() => showHelp(true)}>
          Finding servers
        </button>
      </p>
    </section>
  );
}
