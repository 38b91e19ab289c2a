import type { ImportResult } from '@/lib/mcpJson';
import type { ServerSettings } from '@/lib/state';
import { ImportFile } from './ImportFile';
import { ServerForm } from './ServerForm';
import '../shell/help.css';

export interface WelcomeProps {
  imported: ImportResult | null;
  onAdd: (settings: Omit<ServerSettings, 'enabled'>) => void;
  onImport: (text: string) => void;
  /** Opens the panel's help on where to find servers. */
  onHelp: () => void;
}

/** The Inbox of a panel with no servers yet: what toolnexus is for, and the ways to add the first one. */
export function Welcome({ imported, onAdd, onImport, onHelp }: WelcomeProps) {
  return (
    <section class="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to toolnexus</h1>
      <p>Connect MCP servers to this browser and use their tools, resources and prompts here.</p>
      <p>When a server needs you (a form, a page to visit, a sign-in), it waits in this Inbox until you answer.</p>
      <ServerForm id="welcome" submitLabel="Add server" onSubmit={onAdd} />
      <ImportFile id="welcome-import" label="Or import mcp.json" imported={imported} onImport={onImport} />
      <p class="hint muted">
        No server yet?{' '}
        <button type="button" class="link" onClick={onHelp}>
          Finding servers
        </button>
      </p>
    </section>
  );
}
