/**
 * The client core against a real third-party server: `@modelcontextprotocol/server-everything`
 * (the MCP reference server "that exercises all the features of the MCP protocol"), started
 * as its own process with its Streamable HTTP transport on 127.0.0.1. Every tool it lists is
 * called with arguments built from its inputSchema; its questions are answered by a scripted
 * person through `waitFor`; its resources, templates and prompts are read.
 *
 * What this client does not declare, and so never sees (the server registers these tools
 * only for clients that do): `sampling` (trigger-sampling-request), `roots` (get-roots-list),
 * tasks it would run itself, `tasks.requests` (trigger-sampling-request-async,
 * trigger-elicitation-request-async). simulate-research-query requires a task-augmented call,
 * which `load()` makes only when asked (`asTask`, set by the Hub: tests/integration/tasks.test.ts);
 * asked plainly, it comes back as a tool error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult, Progress } from '@modelcontextprotocol/client';
import { load } from '../../lib/mcp/client';
import { type Everything, startEverything } from '../fixtures/everything';
import type { Connection } from '../../lib/mcp/connection';
import type { Request } from '../../lib/request';
import { plausibleArguments, scriptedPerson, type Reply, type Script } from '../../conformance/scripted-person';

/** A page a URL elicitation can send the person to, on loopback, counting visits. */
async function startPage(): Promise<{ url: string; visits: string[]; close(): Promise<void> }> {
  const visits: string[] = [];
  const server: Server = createServer((req, res) => {
    visits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Done, you can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/consent`,
    visits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const texts = (result: CallToolResult) => result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
const TINY_TEXT = `data:text/plain;base64,${Buffer.from('hello from toolnexus\n').toString('base64')}`;

let everything: Everything;
let page: Awaited<ReturnType<typeof startPage>>;
let connection: Connection;
/** What the scripted person does next; tests swap it. */
let script: Script = () => 'accept';
// Only loopback pages are really loaded: the tests have no network beyond 127.0.0.1.
const person = scriptedPerson({
  script: (request) => script(request),
  visit: async (url) => {
    if (new URL(url).hostname === '127.0.0.1') await (await fetch(url, { redirect: 'manual' })).text();
  },
});
const asked = (from: number) => person.asked.slice(from);

beforeAll(async () => {
  [everything, page] = await Promise.all([startEverything(), startPage()]);
  connection = await load(
    { id: 'everything', name: 'Everything', url: everything.url },
    { waitFor: person.waitFor, untilVisitEnds: person.untilVisitEnds },
  );
}, 30_000);

afterAll(async () => {
  await connection?.close();
  await Promise.all([everything?.close(), page?.close()]);
});

describe('load() against @modelcontextprotocol/server-everything (Streamable HTTP, 127.0.0.1)', () => {
  it('reaches a server bound to loopback only, in the 2025-11-25 era, with its instructions', () => {
    expect(everything.address.address).toBe('127.0.0.1');
    expect(connection.era).toBe('legacy');
    expect(connection.protocolVersion).toBe('2025-11-25');
    expect(connection.serverInfo).toMatchObject({ name: 'mcp-servers/everything', title: 'Everything Reference Server' });
    expect(connection.capabilities).toMatchObject({ tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} });
    expect(connection.instructions).toBeTruthy();
  });

  describe('tools', () => {
    /**
     * Each listed tool, what is overridden in its plausible arguments (only what would leave
     * loopback or take long), and what a person would see come back.
     */
    const TOOLS: Record<string, { overrides?: () => Record<string, unknown>; check: (result: CallToolResult) => void | Promise<void> }> = {
      echo: { check: (result) => expect(texts(result)).toEqual(['Echo: example message']) },
      'get-annotated-message': {
        check: (result) => expect(result.content[0]).toMatchObject({ type: 'text', annotations: { priority: expect.any(Number) } }),
      },
      'get-env': { check: (result) => expect(JSON.parse(texts(result)[0]!)).toMatchObject({ PORT: '0' }) },
      'get-resource-links': {
        check: (result) => expect(result.content.filter((block) => block.type === 'resource_link')).toHaveLength(3),
      },
      'get-resource-reference': {
        check: (result) =>
          expect(result.content).toContainEqual(
            expect.objectContaining({ type: 'resource', resource: expect.objectContaining({ uri: 'demo://resource/dynamic/text/1' }) }),
          ),
      },
      'get-structured-content': {
        // Checked against the tool's outputSchema by the client (CfWorker validator, as in the worker).
        check: (result) => expect(result.structuredContent).toMatchObject({ temperature: expect.any(Number), humidity: expect.any(Number) }),
      },
      'get-sum': { check: (result) => expect(texts(result)).toEqual(['The sum of 3 and 3 is 6.']) },
      'get-tiny-image': {
        check: (result) => expect(result.content).toContainEqual(expect.objectContaining({ type: 'image', mimeType: 'image/png' })),
      },
      'gzip-file-as-resource': {
        // Its default input is a github.com URL; a data: URI keeps the test on loopback.
        overrides: () => ({ name: 'hello.txt.gz', data: TINY_TEXT }),
        check: async (result) => {
          const link = result.content.find((block) => block.type === 'resource_link');
          expect(link).toMatchObject({ uri: 'demo://resource/session/hello.txt.gz', mimeType: 'application/gzip' });
          const read = await connection.readResource('demo://resource/session/hello.txt.gz');
          expect(read.contents[0]).toMatchObject({ blob: expect.any(String) });
        },
      },
      'toggle-simulated-logging': { check: (result) => expect(texts(result)[0]).toMatch(/^Started simulated, random-leveled logging/) },
      'toggle-subscriber-updates': { check: (result) => expect(texts(result)[0]).toMatch(/^Started simulated resource updated notifications/) },
      'trigger-long-running-operation': {
        overrides: () => ({ duration: 0.4, steps: 2 }),
        check: (result) => expect(texts(result)).toEqual(['Long running operation completed. Duration: 0.4 seconds, Steps: 2.']),
      },
      'trigger-elicitation-request': {
        check: (result) => {
          expect(texts(result)[0]).toBe('✅ User provided the requested information!');
          expect(texts(result)[1]).toContain('Email: person@example.com');
        },
      },
      'trigger-url-elicitation': {
        overrides: () => ({ url: page.url }),
        check: (result) => expect(texts(result)[0]).toMatch(/^✅ User completed the URL elicitation flow\./),
      },
      'simulate-research-query': {
        check: (result) => {
          expect(result.isError).toBe(true);
          expect(texts(result)[0]).toContain("requires task augmentation (taskSupport: 'required')");
        },
      },
    };

    it('lists every tool a client with form and URL elicitation gets, and none that need sampling, roots or tasks', async () => {
      const names = (await connection.listTools()).map((tool) => tool.name);
      expect(names.toSorted()).toEqual(Object.keys(TOOLS).toSorted());
      for (const missing of ['trigger-sampling-request', 'get-roots-list', 'trigger-sampling-request-async', 'trigger-elicitation-request-async']) {
        expect(names).not.toContain(missing);
      }
    });

    it.each(Object.keys(TOOLS))('calls %s with arguments built from its inputSchema', async (name) => {
      const tool = (await connection.listTools()).find((candidate) => candidate.name === name)!;
      const { overrides, check } = TOOLS[name]!;
      const result = await connection.callTool(name, plausibleArguments(tool.inputSchema, overrides?.()));
      if (name !== 'simulate-research-query') expect(result.isError ?? false).toBe(false);
      await check(result);
    });

    it('passes the server’s progress on while a long operation runs', async () => {
      const progress: Progress[] = [];
      await connection.callTool('trigger-long-running-operation', { duration: 0.4, steps: 2 }, { onprogress: (update) => progress.push(update) });
      expect(progress).toEqual([expect.objectContaining({ progress: 1, total: 2 }), expect.objectContaining({ progress: 2, total: 2 })]);
    });

    it('marks the task-only tool, so the panel can tell why calling it fails', async () => {
      const tool = (await connection.listTools()).find((candidate) => candidate.name === 'simulate-research-query');
      expect(tool?.execution).toEqual({ taskSupport: 'required' });
    });
  });

  describe('its elicitation tools', () => {
    const formTool = async (reply: Reply) => {
      script = () => reply;
      const from = person.asked.length;
      try {
        const result = await connection.callTool('trigger-elicitation-request');
        return { result, requests: asked(from) };
      } finally {
        script = () => 'accept';
      }
    };

    it('asks its form as one kind "input" Request whose schema the panel can render', async () => {
      const { requests } = await formTool('accept');
      expect(requests).toHaveLength(1);
      const request: Request = requests[0]!;
      expect(request).toMatchObject({ kind: 'input', prompt: 'Please provide inputs for the following fields:', url: null });
      const properties = request.data?.schema?.properties ?? {};
      expect(Object.keys(properties)).toEqual(expect.arrayContaining(['name', 'check', 'email', 'homepage', 'birthdate', 'integer', 'number']));
      expect(properties.email).toMatchObject({ type: 'string', format: 'email' });
    });

    it('sends the accepted form, defaults included, and the server reads every field back', async () => {
      const { result } = await formTool('accept');
      const answer = person.answers.at(-1)!;
      expect(answer.ok).toBe(true);
      // The form pre-fills defaults, as the panel's does.
      expect(answer.data).toMatchObject({ firstLine: 'It was a dark and stormy night.' });
      expect(texts(result).join('\n')).toContain('Name: example name');
    });

    it('sends decline when the person declines', async () => {
      const { result } = await formTool('decline');
      expect(texts(result).join('\n')).toMatch(/declined/i);
    });

    it('sends cancel when the person dismisses it', async () => {
      const { result } = await formTool('cancel');
      expect(texts(result).join('\n')).toMatch(/cancel/i);
    });

    it('asks a URL elicitation as a kind "authorization" Request with the full URL, and the page is visited once', async () => {
      const from = person.asked.length;
      const visitsBefore = page.visits.length;
      const result = await connection.callTool('trigger-url-elicitation', { url: `${page.url}?step=1`, message: 'Finish on the page.' });
      expect(asked(from)).toEqual([
        expect.objectContaining({ kind: 'authorization', prompt: 'Finish on the page.', url: `${page.url}?step=1`, data: null }),
      ]);
      expect(asked(from)[0]!.elicitationId).toEqual(expect.any(String));
      expect(page.visits.slice(visitsBefore)).toEqual(['/consent?step=1']);
      expect(texts(result)[0]).toMatch(/^✅ User completed the URL elicitation flow\./);
    });

    it('handles the -32042 error path: the prerequisite URL first, then the retried call asks its own URL', async () => {
      const from = person.asked.length;
      const result = await connection.callTool('trigger-url-elicitation', { url: `${page.url}?step=2`, errorPath: true });
      expect(asked(from).map((request) => [request.kind, request.url])).toEqual([
        ['authorization', 'https://modelcontextprotocol.io'],
        ['authorization', `${page.url}?step=2`],
      ]);
      expect(texts(result)[0]).toMatch(/^✅ User completed the URL elicitation flow\./);
    });

    it('sends decline for a URL the person will not open, and nothing is visited', async () => {
      script = () => 'decline';
      const visitsBefore = page.visits.length;
      try {
        const result = await connection.callTool('trigger-url-elicitation', { url: `${page.url}?step=3` });
        expect(texts(result)[0]).toMatch(/^❌ User declined to open the URL/);
      } finally {
        script = () => 'accept';
      }
      expect(page.visits.length).toBe(visitsBefore);
    });
  });

  describe('resources', () => {
    it('lists its static documents and reads them as markdown', async () => {
      const resources = await connection.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(
        expect.arrayContaining(['demo://resource/static/document/features.md', 'demo://resource/static/document/instructions.md']),
      );
      const read = await connection.readResource('demo://resource/static/document/features.md');
      expect(read.contents[0]).toMatchObject({ uri: 'demo://resource/static/document/features.md', mimeType: 'text/markdown' });
      expect((read.contents[0] as { text: string }).text).toContain('# Everything Server - Features');
    });

    it('lists its templates and reads a text and a blob resource made from them', async () => {
      const templates = await connection.listResourceTemplates();
      expect(templates.map((template) => template.uriTemplate)).toEqual(
        expect.arrayContaining(['demo://resource/dynamic/text/{resourceId}', 'demo://resource/dynamic/blob/{resourceId}']),
      );
      const text = await connection.readResource('demo://resource/dynamic/text/2');
      expect(text.contents[0]).toMatchObject({ mimeType: 'text/plain', text: expect.stringContaining('Resource 2') });
      const blob = await connection.readResource('demo://resource/dynamic/blob/2');
      expect(blob.contents[0]).toMatchObject({ blob: expect.any(String) });
      expect(Buffer.from((blob.contents[0] as { blob: string }).blob, 'base64').toString()).toContain('Resource 2');
    });

    it('says which resource does not exist when asked for one', async () => {
      await expect(connection.readResource('demo://resource/dynamic/text/not-a-number')).rejects.toThrow(/Unknown resource|not-a-number/);
    });
  });

  describe('prompts', () => {
    it('lists its prompts with their arguments', async () => {
      const prompts = await connection.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual(
        expect.arrayContaining(['simple-prompt', 'args-prompt', 'completable-prompt', 'resource-prompt']),
      );
      expect(prompts.find((prompt) => prompt.name === 'args-prompt')?.arguments).toEqual([
        expect.objectContaining({ name: 'city', required: true }),
        expect.objectContaining({ name: 'state', required: false }),
      ]);
    });

    it('gets the prompt without arguments', async () => {
      const prompt = await connection.getPrompt('simple-prompt');
      expect(prompt.messages[0]).toMatchObject({ role: 'user', content: { type: 'text' } });
    });

    it('gets prompts with arguments, including one that embeds a resource', async () => {
      const weather = await connection.getPrompt('args-prompt', { city: 'Lisbon', state: 'Lisboa' });
      expect(weather.messages[0]!.content).toMatchObject({ type: 'text', text: expect.stringContaining('Lisbon') });
      const team = await connection.getPrompt('completable-prompt', { department: 'Engineering', name: 'Alice' });
      expect(team.messages[0]!.content).toMatchObject({ text: 'Please promote Alice to the head of the Engineering team.' });
      const embedded = await connection.getPrompt('resource-prompt', { resourceType: 'Text', resourceId: '3' });
      expect(embedded.messages.map((message) => message.content.type)).toContain('resource');
    });

    it('reports a missing required argument as the server’s error', async () => {
      await expect(connection.getPrompt('args-prompt', {})).rejects.toThrow(/city/);
    });
  });
});
