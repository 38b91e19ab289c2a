import type { HubState } from '@/lib/messages';
import type { Answer } from '@/lib/request';
import { AddServerForm } from './AddServerForm';
import { CallResult } from './CallResult';
import { RequestCard } from './RequestCard';
import { ServerCard } from './ServerCard';

export interface AppProps {
  state: HubState | null;
  /** Refusals of Answers by the worker, keyed by Request id. */
  refusals: Record<string, string>;
  error: string | null;
  connected: boolean;
  now: number;
  actions: {
    addServer: (url: string) => void;
    removeServer: (serverId: string) => void;
    reconnect: (serverId: string) => void;
    callTool: (serverId: string, tool: string, args: Record<string, unknown>) => void;
    answer: (answer: Answer) => void;
    openUrl: (requestId: string) => void;
    dismissError: () => void;
  };
}

export function App({ state, refusals, error, connected, now, actions }: AppProps) {
  if (!state) return <p class="muted">{connected ? 'Loading…' : 'Connecting to the toolnexus worker…'}</p>;
  const names = new Map(state.servers.map((server) => [server.id, server.name]));
  return (
    <>
      {!connected && (
        <p role="status" class="banner">
          Reconnecting to the toolnexus worker…
        </p>
      )}
      {error && (
        <p role="alert" class="error banner">
          {error}{' '}
          <button type="button" class="link" onClick={actions.dismissError}>
            Dismiss
          </button>
        </p>
      )}
      <section aria-labelledby="inbox-title">
        <h2 id="inbox-title">
          Requests <span class="count">{state.inbox.length}</span>
        </h2>
        {state.inbox.length === 0 && <p class="muted">No server is waiting on you.</p>}
        {[...state.inbox].reverse().map((request) => (
          <RequestCard
            key={request.id}
            request={request}
            now={now}
            refusal={refusals[request.id]}
            onAnswer={actions.answer}
            onOpen={actions.openUrl}
          />
        ))}
      </section>
      {state.calls.length > 0 && (
        <section aria-labelledby="calls-title">
          <h2 id="calls-title">Results</h2>
          {state.calls.map((call) => (
            <CallResult key={call.id} call={call} serverName={names.get(call.serverId) ?? 'removed server'} />
          ))}
        </section>
      )}
      <section aria-labelledby="servers-title">
        <h2 id="servers-title">Servers</h2>
        <AddServerForm onAdd={actions.addServer} />
        {state.servers.map((server) => (
          <ServerCard
            key={server.id}
            server={server}
            onRun={(tool, args) => actions.callTool(server.id, tool, args)}
            onReconnect={() => actions.reconnect(server.id)}
            onRemove={() => actions.removeServer(server.id)}
          />
        ))}
      </section>
    </>
  );
}
