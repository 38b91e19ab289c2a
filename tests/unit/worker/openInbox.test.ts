import { describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../lib/state';
import { OPEN_INBOX_COMMAND } from '../../../lib/port/messages';
import { openInboxOnCommand } from '../../../lib/worker/openInbox';
import { pendingRequest } from '../requests';

const request = (id: string, askedAt: number) => pendingRequest(id, { askedAt });

function run(inbox: InboxItem[], command: string, windowId?: number) {
  const calls: string[] = [];
  openInboxOnCommand({
    openPanel: (id) => calls.push(`open ${id}`),
    inbox: () => inbox,
    focus: (id) => calls.push(`focus ${id}`),
  })(command, windowId);
  return calls;
}

describe('the open-inbox command', () => {
  it('opens the panel in the window the key was pressed in and focuses the newest Request', () => {
    expect(run([request('old', 1), request('newest', 3), request('middle', 2)], OPEN_INBOX_COMMAND, 7)).toEqual(['open 7', 'focus newest']);
  });

  it('opens the panel on an empty Inbox without focusing anything', () => {
    expect(run([], OPEN_INBOX_COMMAND, 7)).toEqual(['open 7']);
  });

  it('leaves other commands alone', () => {
    expect(run([request('a', 1)], '_execute_action', 7)).toEqual([]);
  });
});
