import type { PolicyView } from '@/lib/policy/view';
import { helpWords } from '@/lib/policy/words';

/** Help's "Your organisation's policy": the policy in force, read-only, and what is wrong with it when it could not apply. */
export function PolicyHelp({ policy }: { policy: PolicyView }) {
  return (
    <section class="policy-help" aria-labelledby="organisation-policy">
      <h2 id="organisation-policy">{helpWords.title}</h2>
      {policy.state === 'none' ? (
        <p>{helpWords.none}</p>
      ) : (
        <>
          <p role={policy.state === 'refused' ? 'alert' : undefined} class={policy.state === 'refused' ? 'error' : undefined}>
            {policy.state === 'refused' ? helpWords.refused : helpWords.applied}
          </p>
          {policy.problems.length > 0 && (
            <ul class="policy-problems" aria-label="Problems with the policy">
              {policy.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {policy.kept && <p class="muted">{helpWords.kept}</p>}
          <table class="policy-summary">
            <tbody>
              {policy.summary.map(({ label, value }) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {policy.text !== undefined && (
            <details>
              <summary>{helpWords.text}</summary>
              <pre class="policy-text">{policy.text}</pre>
            </details>
          )}
          <p class="hint muted">{helpWords.where}</p>
        </>
      )}
    </section>
  );
}
