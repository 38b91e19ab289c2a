import { signal } from '@preact/signals';
import { render } from 'preact';
import { App } from '@/components/App';
import type { Answer } from '@/lib/request';
import { connect, connected, hubState, lastError, refusals, send } from './connection';
import './style.css';

const now = signal(Date.now());
setInterval(() => (now.value = Date.now()), 15_000);

const actions = {
  addServer: (url: string) => send({ type: 'add-server', url }),
  removeServer: (serverId: string) => send({ type: 'remove-server', serverId }),
  reconnect: (serverId: string) => send({ type: 'reconnect', serverId }),
  callTool: (serverId: string, tool: string, args: Record<string, unknown>) => send({ type: 'call-tool', serverId, tool, args }),
  answer: (answer: Answer) => send({ type: 'answer', answer }),
  openUrl: (requestId: string) => send({ type: 'open-url', requestId }),
  dismissError: () => (lastError.value = null),
};

function Root() {
  return (
    <App
      state={hubState.value}
      refusals={refusals.value}
      error={lastError.value}
      connected={connected.value}
      now={now.value}
      actions={actions}
    />
  );
}

connect();
render(<Root />, document.getElementById('app')!);
