import { describe, expect, it, vi } from 'vitest';
import type { ElicitingClient } from '../../../lib/mcp/elicitingClient';
import { serverOffers } from '../../../lib/mcp/offers';

/** A connected client as far as offers reads it: the server's capabilities, and each list it would send. */
function client(capabilities: Record<string, unknown>, values: unknown[] = []) {
  const sent: string[] = [];
  const asked = (name: string, result: unknown) =>
    vi.fn(async () => {
      sent.push(name);
      return result;
    });
  const fake = {
    getServerCapabilities: () => capabilities,
    listTools: asked('tools/list', { tools: [{ name: 't' }] }),
    listResources: asked('resources/list', { resources: [{ uri: 'r', name: 'r' }] }),
    listResourceTemplates: asked('resources/templates/list', { resourceTemplates: [] }),
    listPrompts: asked('prompts/list', { prompts: [{ name: 'p' }] }),
    complete: asked('completion/complete', { completion: { values } }),
  };
  return { fake: fake as unknown as ElicitingClient, sent };
}

describe('what a server offers', () => {
  it('is asked only where the server said it offers it; the rest is empty without a request', async () => {
    const { fake, sent } = client({ tools: {} });
    const offers = serverOffers(fake);
    expect(await offers.listTools()).toEqual([{ name: 't' }]);
    expect(await offers.listResources()).toEqual([]);
    expect(await offers.listResourceTemplates()).toEqual([]);
    expect(await offers.listPrompts()).toEqual([]);
    expect(await offers.listSkills()).toEqual([]);
    expect(await offers.complete({ type: 'ref/prompt', name: 'p' }, { name: 'a', value: '' })).toEqual([]);
    expect(sent).toEqual(['tools/list']);
  });

  it('keeps the spec’s 100 completions of a server that sends more, strings only, with the filled arguments as context', async () => {
    const values = [...Array.from({ length: 150 }, (_, index) => `v${index}`), 7];
    const { fake } = client({ completions: {} }, values);
    const offers = serverOffers(fake);
    const got = await offers.complete({ type: 'ref/prompt', name: 'p' }, { name: 'a', value: 'v' }, { city: 'Oslo' });
    expect(got).toHaveLength(100);
    expect(got.at(-1)).toBe('v99');
    expect(fake.complete).toHaveBeenCalledWith({
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: 'v' },
      context: { arguments: { city: 'Oslo' } },
    });
  });
});
