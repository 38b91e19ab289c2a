/**
 * Issue 28: finding a server where you are. A local registry (tests/fixtures/registry.ts, the
 * API of the registry's OpenAPI document) searched from the welcome and the Servers tab, a
 * result added through its variables and headers, connected, and one of its tools run; a
 * server.json imported; a registry that is down, slow or answers garbage, each said.
 */
import { describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { type RegistryFixture, recordsAround, startRegistry } from '../fixtures/registry';
import { seriousViolations } from './axe';
import { withExtension } from './rig';
import { readText } from '../readText';

const rig = withExtension(async () => {
  const showcase = await startShowcaseServer();
  return [showcase, await startRegistry(recordsAround(showcase.url))] as const;
});
const showcase = () => rig.server[0];
const registry = (): RegistryFixture => rig.server[1];

const savedServers = () =>
  rig.browser.worker.evaluate<Array<{ url: string; name?: string; headers?: Record<string, string> }>>(
    'chrome.storage.local.get("servers").then(({ servers }) => servers ?? [])',
  );

/** Points the search at the local registry (the field starts on the official one) and searches. */
async function search(place: ReturnType<typeof rig.panel.page.getByRole>, words: string) {
  const address = place.getByRole('textbox', { name: 'Registry address' });
  if (!(await address.isVisible())) await place.getByText(/^Registry: /).click();
  await address.fill(registry().url);
  await place.getByRole('searchbox', { name: 'Find servers by name' }).fill(words);
  await place.getByRole('button', { name: 'Search', exact: true }).click();
}

describe('the registry search', () => {
  it('fetches nothing until the person searches, from the welcome', async () => {
    const welcome = rig.panel.page.getByRole('region', { name: 'Welcome to toolnexus' });
    await welcome.getByRole('region', { name: 'Search a registry' }).waitFor();
    expect(await welcome.getByText('Registry: https://registry.modelcontextprotocol.io').isVisible()).toBe(true);
    expect(registry().requests).toEqual([]);
    expect(await seriousViolations(rig.panel.page)).toEqual([]);
  });

  it('shows name, title, version, description and remotes; says deprecated, hides deleted, explains packages, pages by cursor', async () => {
    const welcome = rig.panel.page.getByRole('region', { name: 'Welcome to toolnexus' });
    await search(welcome, 'toolnexus');
    const results = welcome.getByRole('list', { name: 'Registry results' });
    const first = results.getByRole('listitem', { name: 'Showcase', exact: true });
    await first.waitFor();
    expect(registry().requests.at(-1)).toBe('/v0.1/servers?limit=30&version=latest&search=toolnexus');
    const text = await first.textContent();
    for (const part of [
      'Showcase',
      '2.1.0',
      'io.github.toolnexus/showcase',
      'Every kind of content, form and tool.',
      'http://127.0.0.1:{port}',
      'streamable-http',
    ]) {
      expect(text).toContain(part);
    }
    expect(await results.getByRole('listitem', { name: 'io.github.toolnexus/showcase-old', exact: true }).textContent()).toContain(
      'The registry marks this server deprecated: Use io.github.toolnexus/showcase.',
    );
    expect(await results.getByRole('listitem', { name: 'io.github.toolnexus/withdrawn', exact: true }).count()).toBe(0);
    expect(await results.getByRole('listitem', { name: 'io.github.toolnexus/files', exact: true }).textContent()).toContain(
      'Not runnable in a browser: npm @toolnexus/files — it runs as a program on your computer',
    );
    // A name claiming github.com, served from this computer, is shown with where it really is.
    const claim = results.getByRole('listitem', { name: 'com.github/toolnexus-official', exact: true });
    expect(await claim.locator('.warning').getAttribute('title')).toContain('Its name claims github.com, but it is served from 127.0.0.1');
    await expect.poll(() => results.locator('> li').count()).toBe(29);
    await welcome.getByRole('button', { name: 'More results' }).click();
    await expect.poll(() => results.locator('> li').count()).toBe(34);
    expect(registry().requests.at(-1)).toMatch(/cursor=io\.github\.toolnexus%2Fzz-more-24/);
    expect(await welcome.getByRole('button', { name: 'More results' }).count()).toBe(0);
  });

  it("turns a remote into the Add form: variables, headers and a header's own variables as fields, required ones enforced, secrets entered unseen; then connects and a tool runs", async () => {
    const page = rig.panel.page;
    const welcome = page.getByRole('region', { name: 'Welcome to toolnexus' });
    await welcome.getByRole('button', { name: 'Add Showcase (streamable-http, http://127.0.0.1:{port})' }).click();
    const form = welcome.getByRole('form', { name: 'Add Showcase' });
    expect(await form.textContent()).toContain(
      `Described by the registry at ${registry().url}. Listed as “io.github.toolnexus/showcase”. Version 2.1.0.`,
    );
    expect(await form.getByLabel('X-Api-Key').getAttribute('type')).toBe('password');
    // A publisher-set `Bearer {token}`: the value shown as published, only its variable asked, unseen.
    expect(await form.getByLabel('Authorization', { exact: true }).inputValue()).toBe('Bearer {token}');
    expect(await form.getByLabel('token (in Authorization)').getAttribute('type')).toBe('password');
    await form.getByLabel('token (in Authorization)').fill('t-registry');
    // The browser's own check of `required` is what a person meets first; the form says it again if it is bypassed.
    expect(await form.getByLabel('port').getAttribute('required')).not.toBeNull();
    await form.getByLabel('port').fill(new URL(showcase().url).port);
    await form.getByLabel('X-Api-Key').evaluate((input: HTMLInputElement) => (input.required = false));
    await form.getByRole('button', { name: 'Add server' }).click();
    // As it reads: the publisher's field name is isolated (lib/i18n `isolated`), invisibly.
    expect(readText(await form.getByRole('alert').textContent())).toBe('Fill in X-Api-Key first: the publisher marks it required.');
    expect(await savedServers()).toEqual([]);
    await form.getByLabel('X-Api-Key').fill('k-registry');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => rig.panel.serverStatus('Showcase')).toBe('Connected');
    expect(await savedServers()).toEqual([
      expect.objectContaining({ url: showcase().url, name: 'Showcase', headers: { 'X-Api-Key': 'k-registry', Authorization: 'Bearer t-registry' } }),
    ]);
    await rig.panel.runTool('Showcase', 'show_content');
    await expect.poll(() => rig.panel.resultJson('show_content')).toEqual({ summary: 'All systems nominal', count: 7 });
  });
});

describe('server.json', () => {
  const find = () => rig.panel.page.getByRole('region', { name: 'Find a server' });

  it('says each problem of one that does not match the schema, and adds nothing', async () => {
    await rig.panel.tab('Servers');
    await find().getByText('Import a server.json').click();
    await find()
      .getByLabel('Or paste it')
      .fill(JSON.stringify({ name: 'no-slash', version: '1', remotes: [{ type: 'sse', url: 'javascript:alert(1)' }] }));
    await find().getByRole('button', { name: 'Read server.json' }).click();
    const problems = find().getByRole('list', { name: 'Problems with this server.json' });
    await problems.waitFor();
    // A URL's scheme is isolated (U+2066…U+2069) so it reads left to right in any language; the words are compared without the marks.
    expect((await problems.locator('li').allTextContents()).map((text) => readText(text))).toEqual([
      'name "no-slash" must look like "io.github.owner/server"',
      'description must be a non-empty string',
      'remotes[0].url "javascript:alert(1)" cannot be used: it is a javascript: URL; refused.',
    ]);
    expect(await savedServers()).toHaveLength(1);
  });

  it('imports one from a file into the same Add form', async () => {
    const manifest = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.toolnexus/showcase-file',
      title: 'Showcase from a file',
      description: 'The showcase, described by its own server.json.',
      version: '3.0.0',
      remotes: [{ type: 'streamable-http', url: showcase().url, headers: [{ name: 'X-Team', description: 'Your team', isRequired: false }] }],
    };
    await find()
      .getByLabel('From a file')
      .setInputFiles({ name: 'server.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(manifest)) });
    await find()
      .getByRole('button', { name: `Add Showcase from a file (streamable-http, ${new URL(showcase().url).origin})` })
      .click();
    const form = find().getByRole('form', { name: 'Add Showcase from a file' });
    expect(await form.textContent()).toContain('Described by the server.json file server.json.');
    await form.getByLabel('X-Team').fill('blue');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => rig.panel.serverStatus('Showcase from a file')).toBe('Connected');
    expect((await savedServers()).at(-1)).toMatchObject({ name: 'Showcase from a file', headers: { 'X-Team': 'blue' } });
  });
});

describe('a registry that fails', () => {
  const find = () => rig.panel.page.getByRole('region', { name: 'Find a server' });
  const alert = () => find().getByRole('region', { name: 'Search a registry' }).getByRole('alert');

  it('says so in words when it is down, answers garbage, or is slow', async () => {
    await rig.panel.tab('Servers');
    registry().mode = 'down';
    await search(find(), 'showcase');
    await expect.poll(() => alert().textContent()).toBe(`The registry at ${registry().url} answered HTTP 500.`);
    registry().mode = 'garbage';
    await find().getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => alert().textContent()).toBe('The registry answered something that is not JSON; is the address a registry?');
    registry().mode = 'slow';
    await find().getByRole('button', { name: 'Search', exact: true }).click();
    await find()
      .getByRole('status')
      .filter({ hasText: `Searching ${registry().url}…` })
      .waitFor();
    await expect.poll(() => alert().textContent(), { timeout: 25_000 }).toBe(`The registry at ${registry().url} did not answer within 15 s.`);
    registry().mode = 'ok';
  }, 40_000);

  it('refuses a registry address that is not https', async () => {
    await find().getByRole('textbox', { name: 'Registry address' }).fill('http://registry.example');
    await find().getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(async () => readText(await alert().textContent()))
      .toMatch(/^The registry address cannot be used: it is registry.example over unencrypted http:/);
  });
});
