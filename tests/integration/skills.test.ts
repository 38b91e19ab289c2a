/**
 * Issue 29, Skills (SEP-2640 at 753b9f2b): a server of ours built from the SEP's examples lists its
 * skills over two pages; each reads verified against its `skills/get` entry; bad input (50 MB, a
 * digest that does not match, frontmatter that drifts, no digests, no files) is refused with why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { load } from '../../lib/mcp/client';
import type { ResourceReadView } from '../../lib/state';
import { startSkillsServer } from '../fixtures/skills-server';
import { startLegacyServer } from '../fixtures/servers';
import { testHub, until } from '../hub-harness';

const never = async (): Promise<never> => {
  throw new Error('nothing here asks the person');
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('skills (SEP-2640)', () => {
  it('declares the extension, lists every page, and reads a verified SKILL.md and a supporting file', async () => {
    const server = await startSkillsServer();
    close = server.close;
    const connection = await load({ id: 's', name: 'Skills', url: server.url }, { waitFor: never });
    const skills = await connection.listSkills();
    // SEP-2133 negotiation: the client's capabilities name the extension on every request.
    expect(server.declared()).toEqual([true, true]);
    expect(skills.map((skill) => skill.name)).toEqual([
      'git-workflow',
      'refunds',
      'pdf-processing',
      'huge',
      'tampered',
      'drifted',
      'generated',
      'broken',
    ]);
    expect(skills[1]).toMatchObject({
      uri: 'skill://acme/billing/refunds/SKILL.md',
      files: ['skill://acme/billing/refunds/SKILL.md', 'skill://acme/billing/refunds/examples/email.md'],
      description: 'Process customer refund requests per company policy',
    });
    expect(skills[1]?.refused).toBeUndefined();
    const read = await connection.readSkill('skill://acme/billing/refunds/SKILL.md');
    expect(read.contents[0]).toMatchObject({ uri: 'skill://acme/billing/refunds/SKILL.md' });
    expect((read.contents[0] as { text: string }).text).toContain('license: Apache-2.0');
    const email = await connection.readSkill('skill://acme/billing/refunds/SKILL.md', 'skill://acme/billing/refunds/examples/email.md');
    expect((email.contents[0] as { text: string }).text).toContain('your refund');
    // Nested metadata is compared by presence: pdf-processing's `metadata:` map is in both.
    await expect(connection.readSkill('skill://pdf-processing/SKILL.md')).resolves.toBeDefined();
    await connection.close();
  });

  it('refuses bad skills with why, from the entry where it can, before reading a byte', async () => {
    const server = await startSkillsServer();
    close = server.close;
    const connection = await load({ id: 's', name: 'Skills', url: server.url }, { waitFor: never });
    const skills = Object.fromEntries((await connection.listSkills()).map((skill) => [skill.name, skill.refused]));
    expect(skills.huge).toMatch(/50\.0 MiB, past the limit of 16\.0 MiB/);
    expect(skills.generated).toMatch(/dynamic/);
    expect(skills.broken).toMatch(/invalid: .*neither a list of files nor "dynamic"/);
    await expect(connection.readSkill('skill://huge/SKILL.md')).rejects.toThrow(/past the limit/);
    await expect(connection.readSkill('skill://tampered/SKILL.md')).rejects.toThrow(/does not match its digest/);
    await expect(connection.readSkill('skill://drifted/SKILL.md')).rejects.toThrow(/description/);
    await expect(connection.readSkill('skill://generated/SKILL.md')).rejects.toThrow(/no digests/);
    await expect(connection.readSkill('skill://git-workflow/SKILL.md', 'skill://git-workflow/secret.md')).rejects.toThrow(
      /not one of the skill’s listed files/,
    );
    await expect(connection.readSkill('skill://nowhere/SKILL.md')).rejects.toThrow(/No skill at/);
    await connection.close();
  });

  it('lists no skills and sends no skills/list to a server without the extension', async () => {
    const server = await startLegacyServer();
    close = server.close;
    const connection = await load({ id: 'l', name: 'Legacy', url: server.url }, { waitFor: never });
    expect(await connection.listSkills()).toEqual([]);
    expect(server.traffic.flatMap((exchange) => exchange.messages)).not.toContain('skills/list');
    await connection.close();
  });

  it('puts skills beside the prompts in the server view, and reads one as a resource activity', async () => {
    const server = await startSkillsServer();
    close = server.close;
    const hub = testHub({ servers: [{ id: 's', url: server.url, enabled: true }] });
    await hub.start();
    const state = await until(hub, (next) => next.servers[0]?.status === 'connected');
    expect(state.servers[0]?.skills?.map((skill) => skill.name)).toContain('git-workflow');
    const read: ResourceReadView = await hub.readSkill('s', 'skill://git-workflow/SKILL.md');
    expect(read).toMatchObject({ kind: 'resource', status: 'done', skill: 'skill://git-workflow/SKILL.md' });
    const tampered = await hub.readSkill('s', 'skill://tampered/SKILL.md');
    expect(tampered).toMatchObject({ status: 'failed' });
    expect(tampered.error).toMatch(/does not match its digest/);
    await hub.removeServer('s');
  });

  it('keeps a server whose skills/list fails connected, its tools listed, and says why its skills are missing', async () => {
    const server = await startSkillsServer({ failList: true });
    close = server.close;
    const hub = testHub({ servers: [{ id: 's', url: server.url, enabled: true }] });
    await hub.start();
    const state = await until(hub, (next) => next.servers[0]?.status === 'connected');
    expect(state.servers[0]?.skills).toEqual([]);
    expect(state.servers[0]?.skillsProblem).toMatch(/skills could not be listed: .*the skills index is being rebuilt/);
    expect(state.servers[0]?.resources.length).toBeGreaterThan(0);
    await hub.removeServer('s');
  });
});
