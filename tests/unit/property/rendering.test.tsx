/**
 * Whatever a server puts in a tool result, a prompt or its own name reaches the person as
 * text, never as markup: no script, frame, plugin or handler attribute can appear, links
 * go only to http(s), media only from local data: URLs — and rendering never throws.
 */
import type { ContentBlock as Block } from '@modelcontextprotocol/client';
import { cleanup, render } from '@testing-library/preact';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CallResult, type CallResultProps } from '../../../components/results/CallResult';
import { ContentBlock } from '../../../components/content/ContentBlock';
import { MarkdownText } from '../../../components/content/MarkdownText';
import { InboxTab, type InboxTabProps } from '../../../components/inbox/InboxTab';
import { RequestCard } from '../../../components/inbox/RequestCard';
import { SchemaForm } from '../../../components/forms/SchemaForm';
import { t } from '../../../lib/i18n';
import { now as clock } from '../../../components/shared/time';
import { elicitationToRequest, ElicitationParamsError } from '../../../lib/mcp/protocol';
import type { InboxItem } from '../../../lib/state';
import type { Request } from '../../../lib/request';
import { urlJudge } from '../../../lib/urls';
import { hostileKey, hostileString, nearValidWire, PAYLOADS, validParams, wireJson } from '../../fixtures/hostile-input';
import { withActions } from '../components/withActions';

const analyzeUrl = await urlJudge();

const RUNS = { callResults: 2_000, blocks: 1_000, requestCards: 400, focus: 200 } as const;

afterEach(cleanup);
// What the panel renders once its code is in, not the placeholders shown while it loads.
beforeAll(() => Promise.all([SchemaForm.preload(), MarkdownText.preload()]));

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// ---------------------------------------------------------------------------------------
// What may appear in the DOM at all.

/** Elements the components and markdown make themselves; anything else was injected. */
const ALLOWED_TAGS = new Set(
  [
    // components
    'article',
    'header',
    'section',
    'span',
    'strong',
    'p',
    'div',
    'details',
    'summary',
    'pre',
    'code',
    'figure',
    'img',
    'figcaption',
    'audio',
    'a',
    'button',
    'progress',
    'mark',
    'ul',
    'li',
    'form',
    'fieldset',
    'legend',
    'label',
    'input',
    'select',
    'option',
    'textarea',
    'i',
    'small',
    'h2',
    'h3',
    'h5',
    'b',
    // a server's words and URLs, isolated (components/shared/Foreign.tsx)
    'bdi',
    // markdown (RenderedMarkdown's MARKDOWN_TAGS)
    'blockquote',
    'br',
    'del',
    'em',
    'footer',
    'h1',
    'h4',
    'h6',
    'hr',
    'ol',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'th',
    'thead',
    'tr',
  ].map((tag) => tag.toUpperCase()),
);
/** Attributes that fetch, navigate or run something; none may carry a server's value. */
const NAVIGATING_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'data',
  'ping',
  'codebase',
  'manifest',
];
const WEB = /^https?:\/\//i;
const LOCAL_MEDIA = /^data:(image|audio)\/[a-z0-9][a-z0-9.+-]*;base64,[A-Za-z0-9+/]*={0,2}$/;
const DOWNLOAD = /^data:application\/octet-stream;base64,[A-Za-z0-9+/]*={0,2}$/;

/** Every element of `root` is one the components make, with only safe attributes. */
function expectNoMarkup(root: Element, where: string): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const tag = element.tagName.toUpperCase();
    const described = `${where}: <${element.tagName.toLowerCase()} ${[...element.attributes].map((a) => `${a.name}="${a.value.slice(0, 60)}"`).join(' ')}>`;
    expect(ALLOWED_TAGS.has(tag), `${described} is not an element the panel makes`).toBe(true);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      expect(name.startsWith('on'), `${described} has a handler attribute`).toBe(false);
      if (name === 'style') expect(attribute.value, described).toMatch(/^(text-align:\s*(left|center|right);?\s*)?$/);
      if (!NAVIGATING_ATTRIBUTES.includes(name)) continue;
      const value = attribute.value;
      if (tag === 'A' && name === 'href') {
        if (element.hasAttribute('download')) {
          expect(value, described).toMatch(DOWNLOAD);
        } else {
          expect(value, described).toMatch(WEB);
          expect(element.getAttribute('rel'), described).toContain('noopener');
          expect(element.getAttribute('target'), described).toBe('_blank');
        }
      } else if ((tag === 'IMG' || tag === 'AUDIO') && name === 'src') {
        expect(value, described).toMatch(LOCAL_MEDIA);
        expect(value.startsWith(`data:${tag === 'IMG' ? 'image' : 'audio'}/`), described).toBe(true);
      } else {
        expect.fail(`${described}: ${name} is not allowed here`);
      }
    }
  }
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join();
function expectUnpolluted(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort().join()).toBe(PROTOTYPE_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

// ---------------------------------------------------------------------------------------
// Content blocks a server can send.

const markdownish = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PAYLOADS),
      hostileString(),
      fc.constantFrom('**bold**', '# h', '\n\n', '- item', '> quote', '`code`', '| a |\n|---|\n| b |'),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(' '));

const mimeType = fc.oneof(
  fc.constantFrom(
    'image/png',
    'image/svg+xml',
    'IMAGE/PNG',
    'image/png; charset="<script>"',
    'audio/wav',
    'text/html',
    'application/javascript',
    'image/',
    'image/png\n',
    '',
  ),
  hostileString(),
);
const base64ish = fc.oneof(
  fc.constant(PIXEL),
  fc.base64String({ maxLength: 40 }),
  fc.constantFrom('"><script>alert(1)</script>', 'AAAA\nBBBB', 'data:text/html,x', ''),
  hostileString(),
);
const uri = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'https://example.com/a',
    'ui://widget',
    '"><img src=x onerror=alert(1)>',
  ),
  fc.webUrl(),
  hostileString(),
);
const annotations = fc.option(
  fc.record({ audience: fc.oneof(fc.constant(['assistant']), fc.constant(['user']), wireJson), priority: fc.double() }, { requiredKeys: [] }),
  { nil: undefined },
);

const block: fc.Arbitrary<unknown> = fc.oneof(
  {
    arbitrary: fc.record(
      { type: fc.constant('text'), text: fc.oneof(markdownish, hostileString()), annotations },
      { requiredKeys: ['type', 'text'] },
    ),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('text'),
      text: fc.dictionary(hostileKey, hostileString(), { maxKeys: 3 }).map((value) => JSON.stringify(value)),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ type: fc.constantFrom('image', 'audio'), data: base64ish, mimeType, annotations }, { requiredKeys: ['type'] }),
    weight: 3,
  },
  {
    arbitrary: fc.record(
      {
        type: fc.constant('resource_link'),
        uri,
        name: hostileString(),
        title: hostileString(),
        description: hostileString(),
        mimeType,
        size: fc.oneof(fc.double(), fc.nat()),
      },
      { requiredKeys: ['type', 'uri', 'name'] },
    ),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      type: fc.constant('resource'),
      resource: fc.oneof(
        fc.record(
          {
            uri,
            mimeType: fc.oneof(fc.constantFrom('text/markdown', 'text/plain', 'text/html'), mimeType),
            text: fc.oneof(markdownish, hostileString()),
          },
          { requiredKeys: ['uri', 'text'] },
        ),
        fc.record({ uri, mimeType, blob: base64ish }, { requiredKeys: ['uri', 'blob'] }),
        fc.record({ uri }),
      ),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ type: hostileString(), text: hostileString(), data: base64ish, uri }), weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      { type: 'text', text: 42 },
      { type: 'image' },
      { type: 'resource' },
      { type: 'resource_link' },
      { type: null },
      {},
    ),
    weight: 1,
  },
);

/** Strings the components show as plain text, so they must appear verbatim. */
function plainStrings(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const item = value as Record<string, unknown>;
  const out: string[] = [];
  if (item.type === 'resource_link' && typeof item.uri === 'string') out.push(item.uri);
  const resource = item.resource as Record<string, unknown> | undefined;
  if (item.type === 'resource' && typeof resource?.uri === 'string') out.push(resource.uri);
  if (
    item.type === 'resource' &&
    typeof resource?.text === 'string' &&
    resource.mimeType !== 'text/markdown' &&
    !String(resource.mimeType).startsWith('text/markdown')
  ) {
    out.push(resource.text);
  }
  return out;
}

const status = fc.constantFrom('running', 'done', 'failed', 'cancelled');
const callArbitrary = fc.record(
  {
    id: fc.string(),
    serverId: fc.string(),
    kind: fc.constant('tool'),
    tool: hostileString(),
    args: fc.constant({}),
    startedAt: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    endedAt: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    status,
    error: hostileString(),
    progress: fc.record({ progress: fc.double(), total: fc.oneof(fc.double(), fc.nat()), message: hostileString() }, { requiredKeys: ['progress'] }),
    result: fc.record(
      { content: fc.array(block, { maxLength: 5 }), structuredContent: wireJson, isError: fc.boolean() },
      { requiredKeys: ['content'] },
    ),
  },
  { requiredKeys: ['id', 'serverId', 'kind', 'tool', 'args', 'startedAt', 'status'] },
) as unknown as fc.Arbitrary<CallResultProps['call']>;

afterAll(() => {
  console.info(`rendering: ${RUNS.callResults + RUNS.blocks + RUNS.requestCards + RUNS.focus} generated renders`);
});

describe(`Tool results from a hostile server (${RUNS.callResults + RUNS.blocks} generated renders)`, () => {
  it(`CallResult renders any result as text, without markup (${RUNS.callResults} cases)`, () => {
    fc.assert(
      fc.property(callArbitrary, hostileString(), fc.integer({ min: 0, max: 2_000_000_000_000 }), (call, serverName, now) => {
        cleanup();
        clock.value = now;
        let container: Element;
        try {
          container = render(
            <CallResult call={call} serverName={serverName} onCancel={() => {}} onReadResource={() => {}} />,
            withActions(),
          ).container;
        } catch (error) {
          throw new Error(`CallResult threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        }
        expectNoMarkup(container, 'CallResult');
        const text = container.textContent ?? '';
        expect(text).toContain(call.tool);
        expect(text).toContain(`on ${serverName}`);
        if (call.error !== undefined) expect(text).toContain(call.error);
        for (const item of call.result?.content ?? []) for (const plain of plainStrings(item)) expect(text).toContain(plain);
        expectUnpolluted();
      }),
      { numRuns: RUNS.callResults },
    );
  }, 120_000);

  it(`ContentBlock renders any block, known or not, without markup (${RUNS.blocks} cases)`, () => {
    fc.assert(
      fc.property(block, (item) => {
        cleanup();
        const { container } = render(<ContentBlock block={item as Block} onRead={() => {}} />);
        expectNoMarkup(container, 'ContentBlock');
        const text = container.textContent ?? '';
        for (const plain of plainStrings(item)) expect(text).toContain(plain);
        const type = (item as { type?: unknown }).type;
        if (typeof type === 'string' && !['text', 'image', 'audio', 'resource_link', 'resource'].includes(type)) {
          // The type as the server named it, isolated in the sentence (docs/i18n.md).
          expect(text).toContain(`[unsupported content: \u2068${type.slice(0, 60)}\u2069]`);
        }
      }),
      { numRuns: RUNS.blocks },
    );
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// The Request card: the server's name, prompt and form, and the URL it wants opened.

const schemaRequest: fc.Arbitrary<Request> = fc
  .oneof(
    validParams.filter((params) => params.mode !== 'url'),
    nearValidWire.map(({ wire }) => JSON.parse(wire.text) as Record<string, unknown>),
  )
  .map((params) => {
    try {
      const request = elicitationToRequest(params);
      return request.kind === 'input' ? request : null;
    } catch {
      return null;
    }
  })
  .filter((request): request is Request => request !== null);

const urlRequest: fc.Arbitrary<Request> = fc
  .record({ message: hostileString(), url: uri })
  .map(({ message, url }): Request => ({ id: 'elc-x-1', kind: 'authorization', prompt: message, url, data: null }));

const inboxItem: fc.Arbitrary<InboxItem> = fc
  .tuple(
    fc.oneof({ arbitrary: schemaRequest, weight: 3 }, { arbitrary: urlRequest, weight: 1 }),
    hostileString(),
    fc.option(fc.constant('oauth' as const), { nil: undefined }),
  )
  .map(([request, serverName, purpose]) => {
    const item: InboxItem = { ...request, serverId: 's', serverName, askedAt: 1_700_000_000_000, expiresAt: 1_700_000_600_000 };
    if (purpose) item.purpose = purpose;
    if (request.kind === 'authorization') item.analysis = analyzeUrl(request.url ?? '');
    return item;
  });

describe(`Request cards from a hostile server (${RUNS.requestCards} generated renders)`, () => {
  it('show the server’s name, prompt, refusal and URL as text, and its form without markup', () => {
    fc.assert(
      fc.property(inboxItem, fc.option(hostileString(), { nil: undefined }), (request, refusal) => {
        cleanup();
        let container: Element;
        try {
          clock.value = 1_700_000_010_000;
          container = render(<RequestCard request={request} refusal={refusal} />, withActions()).container;
        } catch (error) {
          throw new Error(
            `RequestCard threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} for ${JSON.stringify(request.data ?? request.url).slice(0, 400)}`,
          );
        }
        expectNoMarkup(container, 'RequestCard');
        const region = container.querySelector('section[role="region"]');
        // The name as lib/i18n puts it into the sentence: isolated when it could turn the words around it.
        expect(region?.getAttribute('aria-label')).toBe(t('inbox.request.label', { server: request.serverName }));
        const text = container.textContent ?? '';
        expect(text).toContain(request.serverName);
        expect(text).toContain(request.prompt);
        if (refusal) expect(text).toContain(refusal);
        if (request.kind === 'authorization') {
          expect(container.querySelector('code[aria-label="Full URL"]')?.textContent).toBe(request.analysis?.href ?? request.url);
          // The URL is shown, never linked: only Open (after consent) goes there.
          expect(container.querySelector('a[href]')).toBeNull();
        }
        expectUnpolluted();
      }),
      { numRuns: RUNS.requestCards },
    );
  }, 60_000);
});

describe('Request cards for schemas a real server can send', () => {
  // Found by the property above. The SDK strips unknown keywords from a field but passes
  // those at the top of requestedSchema through; without an error boundary a card that
  // throws while rendering takes the whole panel with it.
  it.each([
    ['a dangling $ref', { $ref: '#/$defs/missing' }],
    ['a $ref to a remote schema', { $ref: 'https://evil.example/schema.json' }],
    ['allOf: 5', { allOf: 5 }],
  ])('render with %s at the top of the schema (or the schema is refused before it gets there)', (_label, keyword) => {
    let request: Request;
    try {
      request = elicitationToRequest({
        message: 'Deploy?',
        requestedSchema: { type: 'object', properties: { a: { type: 'string', title: 'A' } }, ...keyword },
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ElicitationParamsError);
      return;
    }
    const item: InboxItem = { ...request, serverId: 's', serverName: 'Hostile', askedAt: 0, expiresAt: null };
    const { container } = render(<RequestCard request={item} />, withActions());
    expect(container.textContent).toContain('Deploy?');
  });
});

describe(`Focus while Requests keep arriving (${RUNS.focus} generated arrivals)`, () => {
  // Found by the load test: a new Request took focus while the person was typing in another
  // card, and the rest of what they typed went into the other server's form.
  const answerSchema = () => ({ type: 'object' as const, properties: { answer: { type: 'string', title: 'Answer' } }, required: ['answer'] });
  const pending = (id: string, serverId: string, askedAt: number): InboxItem => ({
    id,
    kind: 'input',
    prompt: `Question ${id}`,
    url: null,
    data: { schema: answerSchema() },
    serverId,
    serverName: `Server ${serverId}`,
    askedAt,
    expiresAt: null,
  });
  const inbox = (items: InboxItem[], focusId: string | undefined): InboxTabProps => ({
    inbox: items,
    visits: [],
    notices: [],
    refusals: {},
    focusId,
    connectedServers: [],
  });

  it('stays in the field the person is typing in, whoever asks next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.constantFrom('s1', 's2', 's3'), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        (initial, arrivals, pick) => {
          cleanup();
          let items = Array.from({ length: initial }, (_, index) => pending(`elc-a-${index}`, `s${(index % 3) + 1}`, index));
          const { rerender, container } = render(<InboxTab {...inbox(items, items.at(-1)!.id)} />, withActions());
          const typingIn = items[pick % items.length]!;
          const field = container.querySelector<HTMLInputElement>(`[id="${typingIn.id}_answer"]`)!;
          field.focus();
          expect(document.activeElement).toBe(field);
          arrivals.forEach((serverId, index) => {
            items = [...items, pending(`elc-b-${index}`, serverId, 100 + index)];
            // The panel focuses the newest Request as it arrives.
            rerender(<InboxTab {...inbox(items, items.at(-1)!.id)} />);
            expect(document.activeElement, `after ${index + 1} new Request(s)`).toBe(field);
          });
        },
      ),
      { numRuns: RUNS.focus },
    );
    // Hundreds of full renders: on a loaded two-core CI machine this outran vitest's 5 s default.
  }, 60_000);
});
