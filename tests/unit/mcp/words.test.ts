import { afterEach, describe, expect, it } from 'vitest';
import { setCatalog } from '../../../lib/i18n';
import { idleClock } from '../../../lib/mcp/idleClock';
import { cancelled, notCarriedOn, timedOut } from '../../../lib/mcp/words';
import { nodeCatalog } from '../../../locales/read';

const call = { method: 'tools/call', params: { name: 'deploy' } } as const;
const prompt = { method: 'prompts/get', params: { name: 'greet' } } as const;
const read = { method: 'resources/read', params: { uri: 'file:///a' } } as const;

describe("lib/mcp's sentences that name a request", () => {
  afterEach(async () => setCatalog(await nodeCatalog('en')));

  it('name each kind of request in English as they always did', () => {
    const allowance = idleClock(10_000).allowance;
    expect(timedOut('Deploys', call, allowance)).toBe('Deploys did not answer the call to deploy for 10 s.');
    expect(timedOut('Deploys', prompt, idleClock(400).allowance)).toBe('Deploys did not answer the prompt greet for 400 ms.');
    expect(cancelled(read)).toBe('Reading file:///a was cancelled.');
    expect(notCarriedOn('Deploys', prompt, 'expired')).toBe(
      'Deploys could not carry on the prompt greet after toolnexus restarted (expired). Run it again.',
    );
  });

  it('are whole sentences of the UI language, the allowance with its unit', async () => {
    setCatalog(await nodeCatalog('ar'));
    const sentence = timedOut('Deploys', call, idleClock(10_000).allowance);
    expect(sentence).toContain('deploy');
    expect(sentence).toContain('10 ث');
    expect(sentence).not.toMatch(/did not answer|call to/);
    setCatalog(await nodeCatalog('de'));
    expect(cancelled(read)).toContain('file:///a');
    expect(cancelled(read)).not.toContain('was cancelled');
  });
});
