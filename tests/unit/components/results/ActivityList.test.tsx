import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '../../../../components/results/ActivityList';
import type { ActivityView } from '../../../../lib/state';
import { withActions } from '../withActions';

const scrolled = vi.fn();
const measured = vi.fn();
const scrollIntoView = Element.prototype.scrollIntoView;
const getBoundingClientRect = Element.prototype.getBoundingClientRect;
const RealIntersectionObserver = globalThis.IntersectionObserver;
/** Where results are on screen: their top edge, in px from the top of the view. */
let resultTop = -400;

/** Reports as the browser does once the frame is laid out: each observed element once, after the task, unless disconnected first. */
class ReportingObserver {
  #connected = true;
  constructor(readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    setTimeout(() => {
      if (!this.#connected) return;
      const boundingClientRect = target.getBoundingClientRect();
      const entry = { target, boundingClientRect, rootBounds: new DOMRect(0, 0, window.innerWidth, window.innerHeight) } as IntersectionObserverEntry;
      this.report([entry], this as unknown as IntersectionObserver);
    });
  }
  disconnect() {
    this.#connected = false;
  }
}
const reported = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = scrollIntoView;
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
  globalThis.IntersectionObserver = RealIntersectionObserver;
});
beforeEach(() => {
  scrolled.mockReset();
  measured.mockReset();
  resultTop = -400;
  globalThis.IntersectionObserver = ReportingObserver as unknown as typeof IntersectionObserver;
  Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
    scrolled(this.getAttribute('aria-label'), options);
  };
  Element.prototype.getBoundingClientRect = function (this: Element) {
    measured();
    return this.tagName === 'ARTICLE' ? new DOMRect(0, resultTop, 300, 80) : getBoundingClientRect.call(this);
  };
});

function call(id: string, overrides: Partial<ActivityView> = {}): ActivityView {
  return { id, serverId: 's1', kind: 'tool', tool: id, args: {}, startedAt: Date.now(), status: 'running', ...overrides } as ActivityView;
}

function list(activities: ActivityView[]) {
  return <ActivityList title="Results" activities={activities} serverNames={new Map([['s1', 'Deploys']])} />;
}

describe('ActivityList', () => {
  it('shows the newest result first', () => {
    render(list([call('deploy'), call('status', { status: 'done' })]), withActions());
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['Result of deploy', 'Result of status']);
  });

  it('scrolls a result that just started into view, at once (no smooth scroll to run into the next call)', async () => {
    const view = render(list([call('old', { status: 'done' })]), withActions());
    view.rerender(list([call('deploy'), call('old', { status: 'done' })]));
    await reported();
    expect(scrolled).toHaveBeenCalledOnce();
    expect(scrolled.mock.lastCall).toEqual(['Result of deploy', { block: 'nearest' }]);
  });

  it('leaves the view alone when the result that just started is in view already', async () => {
    resultTop = 120;
    const view = render(list([call('old', { status: 'done' })]), withActions());
    view.rerender(list([call('deploy'), call('old', { status: 'done' })]));
    await reported();
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('scrolls to a result that starts below the view', async () => {
    resultTop = window.innerHeight + 10;
    const view = render(list([]), withActions());
    view.rerender(list([call('deploy')]));
    await reported();
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it('scrolls to the first result started from an empty list', async () => {
    const view = render(list([]), withActions());
    view.rerender(list([call('deploy')]));
    await reported();
    expect(scrolled).toHaveBeenCalledOnce();
  });

  it('measures nothing as it renders: where the result is comes from the observer, after layout', async () => {
    const view = render(list([call('old', { status: 'done' })]), withActions());
    view.rerender(list([call('deploy'), call('old', { status: 'done' })]));
    expect(measured).not.toHaveBeenCalled();
    await reported();
    expect(measured).toHaveBeenCalledOnce();
  });

  it('brings only the newest into view when another starts before the first was placed', async () => {
    const view = render(list([call('old', { status: 'done' })]), withActions());
    view.rerender(list([call('deploy'), call('old', { status: 'done' })]));
    view.rerender(list([call('status'), call('deploy'), call('old', { status: 'done' })]));
    await reported();
    expect(scrolled).toHaveBeenCalledOnce();
    expect(scrolled.mock.lastCall?.[0]).toBe('Result of status');
  });

  it('leaves the view alone when the list appears with its results (a tab switch)', async () => {
    render(list([call('deploy'), call('old', { status: 'done' })]), withActions());
    await reported();
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('leaves the view alone while a result updates, and for an old one it had not seen', async () => {
    const view = render(list([call('deploy')]), withActions());
    view.rerender(list([call('deploy', { status: 'done' })]));
    view.rerender(list([call('restored', { status: 'done', startedAt: Date.now() - 60_000 }), call('deploy', { status: 'done' })]));
    await reported();
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('A hidden list (the Tools tab while another tab shows)', () => {
  const activities = [
    call('deploy'),
    call('chart', { status: 'done', app: { resourceUri: 'ui://chart' }, result: { content: [] } } as Partial<ActivityView>),
    call('status', { status: 'done', result: { content: [] } } as Partial<ActivityView>),
  ];
  const hiddenOrShown = (shown: boolean) => (
    <ActivityList title="Results" activities={activities} serverNames={new Map([['s1', 'Deploys']])} shown={shown} />
  );
  const labels = () => screen.queryAllByRole('article').map((article) => article.getAttribute('aria-label'));

  it('draws only the results with an app, and the rest in their places once shown, never moving the app’s card', () => {
    const view = render(hiddenOrShown(false), withActions());
    expect(labels()).toEqual(['Result of chart']);
    const appCard = screen.getByRole('article');
    const observer = new MutationObserver(() => {});
    observer.observe(view.container, { childList: true, subtree: true });
    view.rerender(hiddenOrShown(true));
    const removed = observer.takeRecords().flatMap((record) => [...record.removedNodes]);
    observer.disconnect();
    expect(labels()).toEqual(['Result of deploy', 'Result of chart', 'Result of status']);
    expect(screen.getAllByRole('article')[1]).toBe(appCard);
    // Inserting the others around it must not take it out of the document even for a moment: a moved frame reloads.
    expect(removed).not.toContain(appCard);
  });

  it('does not scroll to a result that starts while hidden', () => {
    const view = render(hiddenOrShown(false), withActions());
    view.rerender(
      <ActivityList
        title="Results"
        activities={[call('chart2', { app: { resourceUri: 'ui://chart' } } as Partial<ActivityView>), ...activities]}
        serverNames={new Map([['s1', 'Deploys']])}
        shown={false}
      />,
    );
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('Run again in the results', () => {
  it('is offered only where canRerun says (a destructive tool asks first, so it gets none), with the call’s own arguments', () => {
    const onRerun = vi.fn();
    render(
      <ActivityList
        title="Results"
        activities={[
          call('deploy', { status: 'done', args: { target: 'prod' }, result: { content: [] } } as Partial<ActivityView>),
          call('drop_table', { status: 'done', result: { content: [] } } as Partial<ActivityView>),
        ]}
        serverNames={new Map([['s1', 'Deploys']])}
        canRerun={(_, tool) => tool !== 'drop_table'}
      />,
      withActions({ callTool: onRerun }),
    );
    expect(screen.queryByRole('button', { name: 'Run again: drop_table' })).toBeNull();
    screen.getByRole('button', { name: 'Run again: deploy' }).click();
    expect(onRerun).toHaveBeenCalledWith('s1', 'deploy', { target: 'prod' });
  });
});
