import { useActions } from '../shared/actions';

/** Nothing waits: which servers could ask (the connected ones, by name), and where their tools are. */
export function EmptyInbox({ connectedServers }: { connectedServers: string[] }) {
  const { selectTab } = useActions();
  const count = connectedServers.length;
  return (
    <div class="empty muted">
      <p>No server is waiting on you.</p>
      {count > 0 ? (
        <p>
          Connected: <span class="names">{connectedServers.join(', ')}</span>. Run {count === 1 ? 'its' : 'their'} tools on the{' '}
          <button type="button" class="link" onClick={() => selectTab('tools')}>
            Tools
          </button>{' '}
          tab; what they ask of you comes here.
        </p>
      ) : (
        <p>
          No server is connected: see the{' '}
          <button type="button" class="link" onClick={() => selectTab('servers')}>
            Servers
          </button>{' '}
          tab.
        </p>
      )}
    </div>
  );
}
