import { describe, expect, it } from 'vitest';
import { type Machine, renderResults, type Target } from '../../../bench/report';

const machine: Machine = { cpu: 'test', cores: 2, memory: '1 GiB', os: 'test', node: 'v20', chromium: '156', load: '0' };

function targetsTable(targets: Target[]): string[] {
  const text = renderResults({
    machine,
    date: 'now',
    durationS: 1,
    sections: [{ title: 'T', markdown: '', targets }],
    failures: [],
    builds: ['this tree'],
    findings: '',
  });
  return text.split('\n').filter((line) => line.startsWith('| x'));
}

describe('the Targets table', () => {
  it('judges a target met or missed, and marks an absolute goal kept for its figure as information', () => {
    const rows = targetsTable([
      { name: 'x ratio', goal: '≤ 1.3×', measured: '1.5×', met: false },
      { name: 'x absolute', goal: '≤ 12 ms', measured: '17 ms', met: false, information: true },
      { name: 'x within', goal: '≤ 50 ms', measured: '30 ms', met: true, information: true },
    ]);
    expect(rows).toEqual([
      '| x ratio | ≤ 1.3× | 1.5× | **missed** |',
      '| x absolute | ≤ 12 ms | 17 ms | information (past it) |',
      '| x within | ≤ 50 ms | 30 ms | information (within it) |',
    ]);
  });
});
