/** The keyboard's way into the panel (the manifest command OPEN_INBOX_COMMAND), with the browser injected. */
import { OPEN_INBOX_COMMAND } from '../port/messages';
import type { InboxItem } from '../state';

export interface OpenInboxDeps {
  /** Opens the side panel (Chrome) or the sidebar (Firefox); must run in the command's own turn to count as the person's gesture. */
  openPanel: (windowId: number | undefined) => void;
  inbox: () => readonly InboxItem[];
  /** Brings a Request into view in open panels and the next one to open. */
  focus: (requestId: string) => void;
}

/** A `commands.onCommand` listener: the panel opens on the newest Request, if any waits. */
export function openInboxOnCommand({ openPanel, inbox, focus }: OpenInboxDeps): (command: string, windowId?: number) => void {
  return (command, windowId) => {
    if (command !== OPEN_INBOX_COMMAND) return;
    openPanel(windowId);
    const newest = inbox().reduce<InboxItem | undefined>((latest, item) => (latest && latest.askedAt >= item.askedAt ? latest : item), undefined);
    if (newest) focus(newest.id);
  };
}
