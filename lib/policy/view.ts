/**
 * What the panel is shown of the policy in force: whether there is one and whether it applied,
 * its problems, what it decides in a line per key, what it turns off, and the policy itself as
 * the browser handed it over (bounded: 10,000 entries are hundreds of KB). Plain data.
 */
import type { PolicyJudge, Verdict } from './judge';
import { FEATURES, type Feature, type McpAccess } from './read';
import { FEATURE_NAMES, summaryWords } from './words';

/** The policy's JSON shown in Help is cut past this many characters. */
const MAX_TEXT = 32_768;

export interface PolicyView {
  state: 'none' | 'applied' | 'refused';
  /** In force from what toolnexus kept (storage.local) while the browser is asked again. */
  kept?: true;
  problems: string[];
  mcpAccess: McpAccess;
  /** Set only when the policy names a registry: the one the person may search. */
  registryUrl?: string;
  /** Each feature as the judge says it: the panel shows a locked one with its rule and reason. */
  features: Record<Feature, Verdict>;
  /** What it decides, a line per key. */
  summary: Array<{ label: string; value: string }>;
  /** The policy as the browser gave it, as indented JSON, cut to a bound. */
  text?: string;
}

const ALL_ON = Object.fromEntries(FEATURES.map((feature) => [feature, { allowed: true }])) as Record<Feature, Verdict>;

/** No policy: everything as the person sets it. */
export const NO_POLICY: PolicyView = { state: 'none', problems: [], mcpAccess: 'all', features: ALL_ON, summary: [] };

function policyText(raw: unknown): string {
  const text = JSON.stringify(raw, null, 2) ?? String(raw);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n${summaryWords.textCut(text.length - MAX_TEXT)}` : text;
}

export function policyView(judge: PolicyJudge, raw: unknown, kept: boolean): PolicyView {
  const { reading } = judge;
  if (reading.state === 'none') return NO_POLICY;
  const { policy } = reading;
  const off = FEATURES.filter((feature) => !policy.features[feature]).map((feature) => FEATURE_NAMES[feature]());
  const summary = [
    { label: summaryWords.accessLabel(), value: summaryWords.access[policy.mcpAccess]() },
    { label: summaryWords.registryLabel(), value: summaryWords.registry(policy.registryUrl) },
    { label: summaryWords.allowedLabel(), value: summaryWords.allowed(policy.allowed?.length) },
    { label: summaryWords.deniedLabel(), value: summaryWords.denied(policy.denied.length) },
    { label: summaryWords.managedLabel(), value: summaryWords.managed(policy.managed.map((server) => `${server.name} (${server.url})`)) },
    { label: summaryWords.featuresLabel(), value: summaryWords.features(off) },
    { label: summaryWords.authorizationLabel(), value: summaryWords.authorization(policy.authorizationServers?.map((pattern) => pattern.text)) },
    { label: summaryWords.hostsLabel(), value: summaryWords.hosts(policy.urlHosts?.map((pattern) => pattern.text)) },
  ];
  return {
    state: reading.state,
    ...(kept && { kept: true as const }),
    problems: reading.state === 'refused' ? reading.problems : [],
    mcpAccess: policy.mcpAccess,
    ...(policy.registryUrl !== undefined && { registryUrl: policy.registryUrl }),
    features: Object.fromEntries(FEATURES.map((feature) => [feature, judge.judgeFeature(feature)])) as Record<Feature, Verdict>,
    summary,
    text: policyText(raw),
  };
}
