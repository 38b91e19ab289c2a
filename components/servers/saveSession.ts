import { errorMessage } from '@/lib/errorMessage';
import type { PanelActions } from '../shared/actions';

/**
 * "Save this session" on a server's card: the session file's writer is the carry chunk's
 * (components/carry/files.ts), loaded at the click, not the Servers tab's. A failure is said in the
 * panel's error line.
 */
export async function saveSession(actions: PanelActions, serverId: string): Promise<void> {
  try {
    const { carryFiles } = await import('../carry/files');
    await carryFiles(actions).saveSession(serverId);
  } catch (error) {
    actions.reportError(errorMessage(error));
  }
}
