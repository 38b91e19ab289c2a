import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LazySignInTrace } from '../../../../components/servers/LazySignInTrace';
import { ServerCard } from '../../../../components/servers/ServerCard';
import { SignInTrace } from '../../../../components/servers/SignInTrace';
import type { TraceAttempt } from '../../../../lib/auth/trace';
import type { ServerView } from '../../../../lib/state';
import { withActions } from '../withActions';

afterEach(cleanup);
beforeAll(() => LazySignInTrace.preload());

const ISSUER = 'https://login.acme.example';
const view: ServerView = {
  id: 's1',
  url: 'https://mcp.acme.example/mcp',
  enabled: true,
  displayName: 'Acme',
  status: 'needs-authorization',
  error: `Acme's authorization server, ${ISSUER}, offers no registration: enter a client id from its owner.`,
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
};

const failed: TraceAttempt = {
  id: 'a1',
  at: Date.UTC(2026, 7, 1, 10),
  endedAt: Date.UTC(2026, 7, 1, 10),
  reason: 'Acme answered 401',
  outcome: 'failed',
  steps: [
    { kind: 'challenge', at: 0, outcome: 'info', summary: 'Acme answered 401: it wants a sign-in.', facts: [['scope', 'files:read']], exchanges: [] },
    {
      kind: 'authorization-server-metadata',
      at: 0,
      outcome: 'ok',
      summary: `Found at ${ISSUER}/.well-known/openid-configuration (OpenID Connect discovery).`,
      facts: [['registration_endpoint', 'none: no Dynamic Client Registration']],
      exchanges: [
        { at: 0, method: 'GET', url: `${ISSUER}/.well-known/oauth-authorization-server`, status: 404, durationMs: 4, requestHeaders: {} },
        { at: 0, method: 'GET', url: `${ISSUER}/.well-known/openid-configuration`, status: 200, durationMs: 6, requestHeaders: {} },
      ],
    },
  ],
  failure: { step: 'client', words: view.error!, fix: { kind: 'client-id', issuer: ISSUER } },
};

describe('a server’s sign-in trace', () => {
  it('shows each step in order, the requests it made, and the failure in words with the client id field right there', async () => {
    const signIn = vi.fn();
    render(<SignInTrace server={view} />, withActions({ signInTrace: async () => [failed], signIn }));
    const trace = await screen.findByRole('region', { name: 'Sign-in trace of Acme' });
    await screen.findByText(/Acme answered 401: it wants a sign-in/);
    expect([...trace.querySelectorAll('.trace-step strong')].map((strong) => strong.textContent)).toEqual([
      'The server’s answer',
      'Authorization server metadata',
    ]);
    expect(screen.getByRole('list', { name: 'Requests of Authorization server metadata' }).textContent).toMatch(
      /oauth-authorization-server → 404[\s\S]*openid-configuration → 200/,
    );
    expect(trace.querySelector('.trace-failure')!.textContent).toContain(`Failed at: The client. ${view.error}`);

    const form = screen.getByRole('form', { name: 'Client ID from the authorization server’s owner' });
    fireEvent.input(screen.getByLabelText('Client ID'), { target: { value: ' acme-mcp ' } });
    fireEvent.input(screen.getByLabelText(/^Client secret/), { target: { value: 'hush' } });
    fireEvent.submit(form);
    expect(signIn).toHaveBeenCalledWith('s1', { clientId: 'acme-mcp', clientSecret: 'hush' });
  });

  it('exports as JSON and HAR, and clears with the protocol log', async () => {
    const exportSignInTrace = vi.fn();
    const clearProtocolLog = vi.fn();
    render(<SignInTrace server={view} />, withActions({ signInTrace: async () => [failed], exportSignInTrace, clearProtocolLog }));
    const json = await screen.findByRole('button', { name: 'Export JSON' });
    await waitFor(() => expect((json as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(json);
    fireEvent.click(screen.getByRole('button', { name: 'Export HAR' }));
    expect(exportSignInTrace.mock.calls).toEqual([
      ['Acme', 'json', [failed]],
      ['Acme', 'har', [failed]],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(clearProtocolLog).toHaveBeenCalledWith('s1');
    expect(await screen.findByText('No sign-in recorded yet.')).toBeTruthy();
  });

  it('opens from the card of a server that needs a sign-in, and from its failed sign-in’s message', async () => {
    render(<ServerCard server={view} />, withActions({ signInTrace: async () => [failed] }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the sign-in, step by step' }));
    expect(await screen.findByRole('region', { name: 'Sign-in trace of Acme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign-in trace' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('is not offered on the card of a server that does not sign in', () => {
    render(<ServerCard server={{ ...view, status: 'connected', error: undefined }} />, withActions());
    expect(screen.queryByRole('button', { name: 'Sign-in trace' })).toBeNull();
  });
});
