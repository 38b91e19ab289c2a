export interface EmptyInboxProps {
  /** The names of the connected servers. */
  connectedServers: string[];
  onSelectTab: (tab: 'tools' | 'servers') => void;
}

/** Nothing waits: which servers could ask, and where their tools are. */
export function EmptyInbox({ connectedServers, onSelectTab }: EmptyInboxProps) {
  const count = connectedServers.length;
  return (
    <div class="empty muted">
      <p>No server is waiting on you.</p>
      {count > 0 ? (
        <p>
          Connected: <span class="names">{connectedServers.join(', ')}</span>. Run {count === 1 ? 'its' : 'their'} tools on the{' '}
          <button type="button" class="link" onClick={() => onSelectTab('tools')}>
            Tools
          </button>{' '}
          tab; what they ask of you comes here.
        </p>
      ) : (
        <p>
          No server is connected: see the{' '}
          <button type="button" class="link" onClick={() => onSelectTab('servers')}>
            Servers
          </button>{' '}
          tab.
        </p>
      )}
    </div>
  );
}
