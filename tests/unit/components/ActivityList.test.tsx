import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '../../../components/ActivityList';
import type { ActivityView } from '../../../lib/messages';

const scrolled = vi.fn();
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = scrollIntoView;
});
beforeEach(() => {
  scrolled.mockReset();
  Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
    scrolled(this.getAttribute('aria-label'), options);
  };
});

function call(id: string, overrides: Partial<ActivityView> = {}): ActivityView {
  return { id, serverId: 's1', kind: 'tool', tool: id, args: {}, startedAt: Date.now(), status: 'running', ...overrides } as ActivityView;
}

function list(activities: ActivityView[]) {
  return (
    <ActivityList
      title="Results"
      activities={activities}
      serverNames={new Map([['s1', 'Deploys']])}
      onCancel={() => {}}
      onReadResource={() => {}}
      onClear={() => {}}
    />
  );
}

describe('ActivityList', () => {
  it('shows the newest result first', () => {
    render(list([call('deploy'), call('status', { status: 'done' })]));
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Result of deploy', 'Result of status']);
  });

  it('scrolls a result that just started into view', () => {
    const view = render(list([call('old', { status: 'done' })]));
    view.rerender(list([call('deploy'), call('old', { status: 'done' })]));
    expect(scrolled).toHaveBeenCalledOnce();
    expect(scrolled.mock.lastCall?.[0]).toBe('Result of deploy');
  });

  it('scrolls to the first result started from an empty list', () => {
    const view = render(list([]));
    view.rerender(list([call('deploy')]));
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it('leaves the view alone when the list appears with its results (a tab switch)', () => {
    render(list([call('deploy'), call('old', { status: 'done' })]));
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('leaves the view alone while a result updates, and for an old one it had not seen', () => {
    const view = render(list([call('deploy')]));
    view.rerender(list([call('deploy', { status: 'done' })]));
    view.rerender(list([call('restored', { status: 'done', startedAt: Date.now() - 60_000 }), call('deploy', { status: 'done' })]));
    expect(scrolled).not.toHaveBeenCalled();
  });
});
