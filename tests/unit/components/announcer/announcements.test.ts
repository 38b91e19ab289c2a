import { describe, expect, it } from 'vitest';
import { announcements } from '../../../../components/announcer/announcements';
import type { ActivityView, HubState, NoticeView } from '../../../../lib/state';
import { hubState, pendingRequest } from '../../requests';
import { readText } from '../../../readText';

const state = hubState;

const call = (id: string, overrides: Partial<ActivityView> = {}) =>
  ({ id, serverId: 's', kind: 'tool', tool: id, args: {}, startedAt: 0, status: 'running', ...overrides }) as ActivityView;

/** What a screen reader hears, the isolate characters around a server's words taken out. */
const heard = (before: HubState, after: HubState) => announcements(before, after).map((text) => readText(text));

describe('what the panel announces', () => {
  it('says nothing when nothing changed', () => {
    const shown = state({ inbox: [pendingRequest('r1')], activities: [call('deploy', { status: 'done' })] });
    expect(heard(shown, shown)).toEqual([]);
  });

  it('says a new Request once, with its server and its question, and not again on a later patch', () => {
    const before = state();
    const asked = state({ inbox: [pendingRequest('r1', { serverName: 'Deploys', prompt: 'Which target?' })] });
    expect(heard(before, asked)).toEqual(['New request from Deploys: Which target?']);
    // The same Request in a later state (another part of it changed): nothing new.
    expect(heard(asked, { ...asked, inbox: [...asked.inbox], activities: [call('deploy')] })).toEqual([]);
  });

  it('counts Requests that arrive together instead of reading each', () => {
    expect(heard(state(), state({ inbox: [pendingRequest('r1'), pendingRequest('r2'), pendingRequest('r3')] }))).toEqual(['3 new requests']);
  });

  it('cuts a long question to a sentence', () => {
    const [said] = heard(state(), state({ inbox: [pendingRequest('r1', { prompt: 'x'.repeat(5_000) })] }));
    expect(said!.length).toBeLessThan(200);
    expect(said!.endsWith('…')).toBe(true);
  });

  it('says a call that finished, or why it failed, once', () => {
    const running = state({ activities: [call('deploy'), call('fail')] });
    const ended = state({
      activities: [
        call('deploy', { status: 'done' }),
        call('fail', { status: 'done', result: { isError: true, content: [{ type: 'text', text: 'The disk is full.' }] } }),
      ],
    });
    expect(heard(running, ended)).toEqual(['deploy finished.', 'fail failed: The disk is full.']);
    expect(heard(ended, { ...ended, activities: [...ended.activities] })).toEqual([]);
  });

  it('says a call that started and ended between two states', () => {
    expect(heard(state(), state({ activities: [call('quick', { status: 'failed', error: 'Connection closed' })] }))).toEqual([
      'quick failed: Connection closed',
    ]);
  });

  it("does not say a call the person cancelled, nor an MCP App's own calls", () => {
    const before = state({ activities: [call('long'), call('inner', { appOf: 'long' } as Partial<ActivityView>)] });
    const after = state({
      activities: [call('long', { status: 'cancelled' }), call('inner', { status: 'done', appOf: 'long' } as Partial<ActivityView>)],
    });
    expect(heard(before, after)).toEqual([]);
  });

  it('says a failed read or prompt, and a notice as it arrives', () => {
    const notice: NoticeView = {
      id: 'n1',
      kind: 'withdrawn',
      serverId: 's',
      serverName: 'Deploys',
      prompt: 'Which target?',
      url: '',
      reason: 'Deploys went away before you answered; an answer can no longer be sent.',
      at: 0,
    };
    const after = state({
      notices: [notice],
      activities: [
        { id: 'a', serverId: 's', kind: 'resource', uri: 'file:///x', startedAt: 0, status: 'failed', error: 'Not found' },
        { id: 'b', serverId: 's', kind: 'prompt', prompt: 'greet', args: {}, startedAt: 0, status: 'failed', error: 'Bad argument' },
      ],
    });
    expect(heard(state(), after)).toEqual([
      'Deploys went away before you answered; an answer can no longer be sent.',
      'Reading file:///x failed: Not found',
      'Prompt greet failed: Bad argument',
    ]);
  });
});
