import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallResult, type CallResultProps } from '../../../../components/results/CallResult';
import { MarkdownText } from '../../../../components/content/MarkdownText';
import { now } from '../../../../components/shared/time';
import { withActions } from '../withActions';

afterEach(cleanup);
// Rendered, not its plain-text placeholder: the markdown code is loaded first.
beforeAll(() => MarkdownText.preload());

type Call = CallResultProps['call'];

function call(overrides: Partial<Call>): Call {
  return { id: 'c1', serverId: 's1', kind: 'tool', tool: 'deploy', args: {}, startedAt: 1_000, status: 'done', ...overrides } as Call;
}

describe('CallResult', () => {
  it('is named after the tool and shows every content block', () => {
    render(
      <CallResult
        serverName="Deploy server"
        call={call({
          endedAt: 2_500,
          result: {
            content: [
              { type: 'text', text: 'Deployed **ok**' },
              { type: 'resource_link', uri: 'https://ci.example/run/1', name: 'CI run' },
            ],
          },
        })}
      />,
      withActions(),
    );
    const article = screen.getByRole('article', { name: 'Result of deploy' });
    expect(within(article).getByText('ok').tagName).toBe('STRONG');
    expect(article.textContent).toContain('https://ci.example/run/1');
    expect(article.textContent).toContain('on Deploy server');
    expect(article.textContent).toContain('done · 1.5 s');
    expect(article.querySelector('.error')).toBeNull();
  });

  it('keeps the tool and server together at the start of its header, the status apart', () => {
    render(<CallResult serverName="Deploy server" call={call({ endedAt: 1_042 })} />, withActions());
    const header = screen.getByRole('article').querySelector('header');
    expect([...(header?.children ?? [])].map((child) => child.textContent)).toEqual(['deploy on Deploy server', 'done · 42 ms']);
  });

  it('shows a tool error as an error', () => {
    render(
      <CallResult serverName="s" call={call({ result: { isError: true, content: [{ type: 'text', text: 'Quota exceeded' }] } })} />,
      withActions(),
    );
    const article = screen.getByRole('article', { name: 'Result of deploy' });
    expect(article.classList.contains('failed')).toBe(true);
    expect(article.querySelector('.error')?.textContent).toContain('Error');
    expect(article.textContent).toContain('Quota exceeded');
  });

  it('shows why a call failed', () => {
    render(<CallResult serverName="s" call={call({ status: 'failed', error: 'The server closed the connection.' })} />, withActions());
    // components/announcer says it; an alert here would be said again each time the tab is drawn.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('article').querySelector('.error')?.textContent).toBe('Error: The server closed the connection.');
  });

  it('folds structured content into a JSON view', () => {
    render(<CallResult serverName="s" call={call({ result: { content: [], structuredContent: { replicas: 3 } } })} />, withActions());
    const details = screen.getByText('Structured content').closest('details');
    expect(details?.querySelector('pre')?.textContent).toBe('{\n  "replicas": 3\n}');
  });

  describe('while running', () => {
    it('says so, with the time so far', () => {
      now.value = 13_000;
      render(<CallResult serverName="s" call={call({ status: 'running' })} />, withActions());
      const article = screen.getByRole('article', { name: 'Result of deploy' });
      expect(article.getAttribute('aria-busy')).toBe('true');
      expect(article.textContent).toContain('running… · 12 s');
    });

    it('counts whole seconds, as the panel clock ticks', () => {
      now.value = 3_400;
      render(<CallResult serverName="s" call={call({ status: 'running' })} />, withActions());
      const status = screen.getByRole('article').querySelector('.status');
      expect(status?.textContent).toBe('running… · 2 s');
      act(() => void (now.value = 4_400));
      expect(status?.textContent).toBe('running… · 3 s');
    });

    it('shows the server’s progress and message', () => {
      render(
        <CallResult serverName="s" call={call({ status: 'running', progress: { progress: 2, total: 5, message: 'Rolling out <pod-2>' } })} />,
        withActions(),
      );
      const bar = screen.getByRole('progressbar', { name: 'Progress of deploy' }) as HTMLProgressElement;
      expect(bar.value).toBe(2);
      expect(bar.max).toBe(5);
      expect(screen.getByRole('article').textContent).toContain('2 / 5 · Rolling out <pod-2>');
    });

    it('leaves the bar indeterminate without a total', () => {
      render(<CallResult serverName="s" call={call({ status: 'running', progress: { progress: 40 } })} />, withActions());
      expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
      expect(screen.getByRole('article').textContent).toContain('40');
    });

    it('says when the server runs it as a task, with the task’s own message', () => {
      now.value = 3_400;
      render(
        <CallResult
          serverName="s"
          call={call({ status: 'running', task: { id: 't1', status: 'working', statusMessage: 'Analyzing content...' } })}
        />,
        withActions(),
      );
      const article = screen.getByRole('article', { name: 'Result of deploy' });
      expect(article.querySelector('.status')?.textContent).toBe('task working… · 2 s');
      expect(article.textContent).toContain('Analyzing content...');
    });

    it('says when its task waits for input', () => {
      render(<CallResult serverName="s" call={call({ status: 'running', task: { id: 't1', status: 'input_required' } })} />, withActions());
      expect(screen.getByRole('article').querySelector('.status')?.textContent).toMatch(/^task needs input…/);
    });

    it('can be cancelled', () => {
      const onCancel = vi.fn();
      render(<CallResult serverName="s" onCancel={onCancel} call={call({ status: 'running' })} />, withActions());
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(onCancel).toHaveBeenCalledOnce();
    });
  });

  it('offers no Cancel or progress once done', () => {
    render(<CallResult serverName="s" onCancel={() => {}} call={call({ progress: { progress: 1, total: 2 } })} />, withActions());
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('passes Read of a linked resource to its handler', () => {
    const onReadResource = vi.fn();
    render(
      <CallResult
        serverName="s"
        onReadResource={onReadResource}
        call={call({ result: { content: [{ type: 'resource_link', uri: 'file:///log.txt', name: 'log' }] } })}
      />,
      withActions(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Read log' }));
    expect(onReadResource).toHaveBeenCalledWith('file:///log.txt');
  });

  it('offers Run again and copies the result as text or JSON once a call ended', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onRerun = vi.fn();
    const result = { content: [{ type: 'text' as const, text: 'Deployed' }], structuredContent: { ok: true } };
    render(<CallResult serverName="Deploys" call={call({ result })} onRerun={onRerun} />, withActions());
    fireEvent.click(screen.getByRole('button', { name: 'Run again: deploy' }));
    expect(onRerun).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(writeText.mock.calls).toEqual([['Deployed'], [JSON.stringify(result, null, 2)]]);
  });

  it('offers no Run again while running, for a call an app made, or without the callback', () => {
    const { rerender } = render(<CallResult serverName="Deploys" call={call({ status: 'running' })} onRerun={vi.fn()} />, withActions());
    expect(screen.queryByRole('button', { name: 'Run again: deploy' })).toBeNull();
    rerender(<CallResult serverName="Deploys" call={call({ appOf: 'c0', result: { content: [] } })} onRerun={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Run again: deploy' })).toBeNull();
    rerender(<CallResult serverName="Deploys" call={call({ result: { content: [] } })} />);
    expect(screen.queryByRole('button', { name: 'Run again: deploy' })).toBeNull();
  });
});
