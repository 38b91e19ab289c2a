import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ProtocolLog } from '../../../../components/servers/ProtocolLog';
import type { ProtocolLogEntry } from '../../../../lib/mcp/protocolLog';
import { withActions } from '../withActions';

afterEach(cleanup);

const call: ProtocolLogEntry = {
  kind: 'message',
  exchange: 7,
  at: Date.UTC(2026, 11, 4, 9),
  direction: 'out',
  message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo' } },
};

describe('a server’s protocol log', () => {
  it('says at its head how many older records were dropped, and shows the records kept', async () => {
    const log: ProtocolLogEntry[] = [{ kind: 'dropped', at: Date.UTC(2026, 11, 4, 8, 59), count: 1_234 }, call];
    render(<ProtocolLog serverId="s1" serverName="Echo" />, withActions({ protocolLog: async () => log }));
    const note = await screen.findByRole('status', { name: 'Dropped records' });
    expect(note.textContent).toMatch(/^1,234 older records were dropped to keep the log within its bounds, the last at .+\.$/);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('→ tools/call #3')]);
  });

  it('says nothing of dropped records when none were', async () => {
    render(<ProtocolLog serverId="s1" serverName="Echo" />, withActions({ protocolLog: async () => [call] }));
    await screen.findByText(/→ tools\/call #3/);
    expect(screen.queryByRole('status', { name: 'Dropped records' })).toBeNull();
  });
});
