/**
 * An organisation's policy (issue 39): read from the browser's managed storage by the worker
 * (entrypoints/background/policy.ts), held by the hub (lib/hub/orgPolicy.ts), and asked by every
 * place that adds, connects, lists, signs in, opens or exports (docs/map.md, "Where the policy
 * is asked"). The reading (read.ts), the address forms (canonical.ts, patterns.ts), the
 * questions (judge.ts), what the panel sees (view.ts) and every word said (words.ts). Pure.
 */
export { canonicalUrl } from './canonical';
export { enforce, PolicyError, PolicyJudge, type ServerFacts, type Verdict, verdictSentence } from './judge';
export { type ManagedServer, POLICY_KEYS, readPolicy } from './read';
export { NO_POLICY, type PolicyView, policyView } from './view';
export { words as policyWords } from './words';
