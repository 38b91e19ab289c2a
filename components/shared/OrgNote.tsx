import type { Verdict } from '@/lib/policy/judge';
import { setByOrganisation } from '@/lib/policy/refusal';
import './org-note.css';

type Refusal = Extract<Verdict, { allowed: false }>;

/** What every locked or blocked thing says (issue 39): "Set by your organisation", the rule that applies, and why. */
export function OrgNote({ verdict, id }: { verdict: Pick<Refusal, 'rule' | 'reason'>; id?: string }) {
  return (
    <p class="org-note" role="note" id={id}>
      <strong>{setByOrganisation()}</strong> <code class="org-rule">{verdict.rule}</code> {verdict.reason}
    </p>
  );
}
