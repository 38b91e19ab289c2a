/**
 * The organisation's policy at scale (issue 39: "a policy of 10,000 entries must stay fast"):
 * reading it, making its judge (lists indexed by host and name), and the questions every
 * enforcement point asks, in Node, on the same code the worker runs (lib/policy). Beside each,
 * the floor of the same run: for reading, a copy of the same object (what any storage read
 * costs: structuredClone); for a question, the same question asked of no policy at all.
 *
 *   npx tsx bench/policy.ts [entries]     prints a table (default 10,000 entries per list)
 *
 * Pure CPU, no browser: not one of bench/run.ts's browser benches, which measure what a
 * person waits for. A judge sits on every add, connect and registry result, so a question
 * past ~1 ms, or a read past ~100 ms, would be a finding.
 */
import { cpus, loadavg } from 'node:os';
import { PolicyJudge, policyView, readPolicy } from '../lib/policy';
import { ms, ratio, summarize } from './stats';

const OFFICIAL = 'https://registry.modelcontextprotocol.io';
const entries = Number(process.argv[2] ?? 10_000);

function policyOf(count: number) {
  const rules = (prefix: string) =>
    Array.from({ length: count }, (_, index) =>
      index % 3 === 0
        ? { serverUrl: `https://${prefix}${index}.example.com/*` }
        : index % 3 === 1
          ? { serverUrl: `https://*.${prefix}${index}.example.org/mcp/*` }
          : { serverName: `${prefix} server ${index}` },
    );
  return {
    allowedMcpServers: rules('a'),
    deniedMcpServers: rules('d'),
    managedMcpServers: Array.from({ length: Math.min(count, 1_000) }, (_, index) => ({
      name: `Managed ${index}`,
      url: `https://m${index}.example.net/mcp`,
    })),
    allowedAuthorizationServers: Array.from({ length: count }, (_, index) => `https://login${index}.example.com/*`),
    allowedUrlElicitationHosts: Array.from({ length: count }, (_, index) => `*.docs${index}.example.com`),
  };
}

/** Milliseconds per call of `run`, over `rounds` rounds of `per` calls, after a warm-up. */
function time(run: () => unknown, rounds: number, per: number): ReturnType<typeof summarize> {
  for (let index = 0; index < per; index += 1) run();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    for (let index = 0; index < per; index += 1) run();
    samples.push((performance.now() - start) / per);
  }
  return summarize(samples);
}

const raw = policyOf(entries);
const none = new PolicyJudge(readPolicy({}), OFFICIAL);
const judge = new PolicyJudge(readPolicy(raw), OFFICIAL);
if (judge.reading.state !== 'applied') throw new Error(`The bench's policy did not apply: ${JSON.stringify(judge.reading)}`);
const last = entries - 1 - ((entries - 1) % 3);

const rows: Array<[string, ReturnType<typeof summarize>, ReturnType<typeof summarize> | undefined]> = [
  ['read the policy (readPolicy)', time(() => readPolicy(raw), 10, 1), time(() => structuredClone(raw), 10, 1)],
  [
    'read it and make its judge (index the lists)',
    time(() => new PolicyJudge(readPolicy(raw), OFFICIAL), 10, 1),
    time(() => structuredClone(raw), 10, 1),
  ],
  ['the panel’s view of it (policyView)', time(() => policyView(judge, raw, false), 10, 1), undefined],
  [
    'judgeServer: allowed (host in the allow list)',
    time(() => judge.judgeServer({ url: `https://a${last}.example.com/mcp` }), 20, 2_000),
    time(() => none.judgeServer({ url: `https://a${last}.example.com/mcp` }), 20, 2_000),
  ],
  [
    'judgeServer: denied by the last entry',
    time(() => judge.judgeServer({ url: `https://d${last}.example.com/mcp` }), 20, 2_000),
    time(() => none.judgeServer({ url: `https://d${last}.example.com/mcp` }), 20, 2_000),
  ],
  [
    'judgeServer: matched by no entry (refused)',
    time(() => judge.judgeServer({ url: 'https://x.y.z.nowhere.test/mcp', name: 'nobody' }), 20, 2_000),
    time(() => none.judgeServer({ url: 'https://x.y.z.nowhere.test/mcp', name: 'nobody' }), 20, 2_000),
  ],
  [
    `judgeAuthorizationServer (${entries.toLocaleString('en')} patterns, a list)`,
    time(() => judge.judgeAuthorizationServer('https://nowhere.test/'), 20, 200),
    time(() => none.judgeAuthorizationServer('https://nowhere.test/'), 20, 200),
  ],
  [
    `judgeUrlHost (${entries.toLocaleString('en')} patterns, a list)`,
    time(() => judge.judgeUrlHost('https://nowhere.test/page'), 20, 200),
    time(() => none.judgeUrlHost('https://nowhere.test/page'), 20, 200),
  ],
];

console.log(
  `Policy of ${entries.toLocaleString('en')} entries in each list (allow, deny, authorization servers, URL hosts; 1,000 managed servers), Node ${process.version}`,
);
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
console.log('| step | p50 | p95 | floor p50 | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const [name, measured, floor] of rows) {
  console.log(
    `| ${name} | ${ms(measured.p50)} | ${ms(measured.p95)} | ${floor ? ms(floor.p50) : '—'} | ${floor ? ratio(measured.p50, floor.p50) : '—'} |`,
  );
}
