/**
 * What moves with the person, on the Servers tab: sync through the browser's own account, a
 * sealed backup for a new machine, and session files a server's author can open. Presentational:
 * the state comes in as props, every action goes out through components/shared/actions.ts.
 * Issue 42; docs/sync.md, docs/backup-file.md, docs/session-file.md.
 */
import type { SyncView } from '@/lib/sync/view';
import type { Verdict } from '@/lib/policy/judge';
import { BackupSection } from './BackupSection';
import { SessionSection } from './SessionSection';
import { SyncSection } from './SyncSection';
import './carry.css';

export interface CarryProps {
  /** Absent when this browser offers toolnexus no sync storage. */
  sync?: SyncView;
  /** The organisation's word on saving logs as files: a session file holds them. */
  exportAllowed?: Verdict;
}

export function Carry({ sync, exportAllowed }: CarryProps) {
  return (
    <>
      <SyncSection sync={sync} />
      <BackupSection />
      <SessionSection exportAllowed={exportAllowed} />
    </>
  );
}
