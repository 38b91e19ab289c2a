import type { Tool } from '@modelcontextprotocol/client';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToolCard } from '../../../../components/tools/ToolCard';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { withActions } from '../withActions';

afterEach(cleanup);
// The form itself, not its placeholder: its code is loaded first.
beforeAll(() => SchemaForm.preload());

const tool = (inputSchema: Tool['inputSchema']): Tool => ({ name: 'deploy', description: 'Deploys.', inputSchema });

describe('ToolCard', () => {
  it('has no Arguments toggle for a tool that takes none, and still runs', async () => {
    const onRun = vi.fn();
    render(
      <ToolCard serverId="s1" serverUrl="http://127.0.0.1:1/mcp" tool={tool({ type: 'object', properties: {} })} />,
      withActions({ callTool: onRun }),
    );
    expect(screen.queryByText('Arguments')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run deploy' }));
    await vi.waitFor(() => expect(onRun).toHaveBeenCalledWith('s1', 'deploy', {}));
  });

  it('has an Arguments toggle for a tool that takes some, open when one is required', () => {
    render(
      <ToolCard
        serverId="s1"
        serverUrl="http://127.0.0.1:1/mcp"
        tool={tool({ type: 'object', properties: { target: { type: 'string' } }, required: ['target'] })}
      />,
      withActions(),
    );
    const details = screen.getByText('Arguments').closest('details');
    expect(details?.open).toBe(true);
    expect(screen.getByLabelText(/target/)).toBeTruthy();
  });
});
