import type { ImportResult } from '@/lib/mcpJson';
import type { PolicyView } from '@/lib/policy/view';
import type { Settings } from '@/lib/state';
import { useActions } from '../shared/actions';
import { ImportFile } from './ImportFile';
import { LazyFindServers } from './registry/LazyFindServers';
import { ServerForm } from './ServerForm';
import '../shell/help.css';

export interface WelcomeProps {
  imported: ImportResult | null;
  settings: Settings | undefined;
  /** The organisation's policy: what it turns off is said where it would be. */
  policy?: PolicyView;
}

/** The Inbox of a panel with no servers yet: what toolnexus is for, and the ways to add the first one. */
export function Welcome({ imported, settings, policy }: WelcomeProps) {
  const { addServer, showHelp } = useActions();
  return (
    <section class="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to toolnexus</h1>
      <p>Connect MCP servers to this browser and use their tools, resources and prompts here.</p>
      <p>When a server needs you (a form, a page to visit, a sign-in), it waits in this Inbox until you answer.</p>
      <ServerForm id="welcome" submitLabel="Add server" onSubmit={addServer} />
      <ImportFile id="welcome-import" label="Or import mcp.json" imported={imported} allowed={policy?.features.mcpJsonImport} />
      <p class="hint muted">
        No server yet? Search a registry or import a server.json below, or read{' '}
        <button type="button" class="link" onClick={() => showHelp(true)}>
          Finding servers
        </button>
        .
      </p>
      <LazyFindServers id="welcome-find" settings={settings} policy={policy} />
    </section>
  );
}
