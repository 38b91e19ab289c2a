/** Help's "Your organisation's policy": the policy in force, read-only, and what is wrong with one that could not apply. */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PolicyHelp } from '../../../../components/shell/PolicyHelp';
import { NO_POLICY, PolicyJudge, policyView, readPolicy } from '../../../../lib/policy';

afterEach(cleanup);

const view = (raw: unknown, kept = false) => policyView(new PolicyJudge(readPolicy(raw), 'https://registry.modelcontextprotocol.io'), raw, kept);

describe("Help: your organisation's policy", () => {
  it('says when there is none', () => {
    render(<PolicyHelp policy={NO_POLICY} />);
    expect(screen.getByRole('heading', { name: "Your organisation's policy" })).toBeTruthy();
    expect(screen.getByText(/sets no policy for toolnexus here/)).toBeTruthy();
  });

  it('shows what the policy sets, a line per key, and the policy itself', () => {
    render(
      <PolicyHelp
        policy={view({ mcpAccess: 'none', managedMcpServers: [{ name: 'CRM', url: 'https://crm.example.com/mcp' }], mcpAppsEnabled: false }, true)}
      />,
    );
    const row = (label: string) => screen.getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(row('Which servers')).toBe('only the servers it manages');
    expect(row('Servers it gives you')).toBe('CRM (https://crm.example.com/mcp)');
    expect(row('Turned off')).toBe('MCP Apps (interfaces servers show in the panel)');
    expect(screen.getByText(/the last policy toolnexus saw/)).toBeTruthy();
    expect(screen.getByText(/"mcpAccess": "none"/)).toBeTruthy();
  });

  it('lists every problem of a policy that could not apply, as an alert', () => {
    render(<PolicyHelp policy={view({ mcpAccess: 'some', deniedMcpServers: [{}] })} />);
    expect(screen.getByRole('alert').textContent).toMatch(/could not apply as written/);
    expect(screen.getByRole('list', { name: 'Problems with the policy' }).textContent).toContain('mcpAccess is "some"');
  });
});
