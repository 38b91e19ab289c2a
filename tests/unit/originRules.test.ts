import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOriginRule,
  originRule,
  originRulesSync,
  originRulesUpdate,
  serverOrigin,
  type OriginRulesUpdate,
  type SessionRule,
} from '../../lib/originRules';

const EXTENSION = 'bekjilnimdjfgknlplojgnmbcojiihao';

/** What `updateSessionRules` does with an update: removals first, then additions, ids unique. */
function apply(rules: readonly SessionRule[], update: OriginRulesUpdate): SessionRule[] {
  const remaining = rules.filter((rule) => !update.removeRuleIds.includes(rule.id));
  const next = [...remaining, ...update.addRules];
  if (new Set(next.map((rule) => rule.id)).size !== next.length) throw new Error('duplicate rule id');
  return next;
}

const filters = (rules: readonly SessionRule[]) =>
  rules
    .filter(isOriginRule)
    .map((rule) => rule.condition.urlFilter)
    .sort();

const blockAds: SessionRule = { id: 1, priority: 1, action: { type: 'block' }, condition: { urlFilter: '||ads.example' } };
const setHeader: SessionRule = {
  id: 2,
  priority: 1,
  action: { type: 'modifyHeaders', requestHeaders: [{ header: 'x-debug', operation: 'set', value: '1' }] },
  condition: { urlFilter: '|http://127.0.0.1:3000/' },
};

describe('serverOrigin', () => {
  it('is the origin the browser sends requests to: scheme, lower-case host, port unless default', () => {
    expect(serverOrigin('http://127.0.0.1:3000/mcp')).toBe('http://127.0.0.1:3000');
    expect(serverOrigin('https://MCP.Example.com:443/v1/mcp?x=1')).toBe('https://mcp.example.com');
    expect(serverOrigin('http://[::1]:8080/mcp')).toBe('http://[::1]:8080');
  });

  it('is null for what is not an http(s) URL', () => {
    expect(serverOrigin('ws://127.0.0.1:3000/mcp')).toBeNull();
    expect(serverOrigin('file:///etc/passwd')).toBeNull();
    expect(serverOrigin('not a url')).toBeNull();
  });
});

describe('originRule', () => {
  it('removes Origin from the extension’s own requests to exactly that origin', () => {
    expect(originRule('http://127.0.0.1:3000', EXTENSION, 7)).toEqual({
      id: 7,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
      condition: { urlFilter: '|http://127.0.0.1:3000/', initiatorDomains: [EXTENSION], resourceTypes: ['xmlhttprequest', 'other'] },
    });
  });

  it('anchors the filter so another port or a longer host does not match', () => {
    const prefix = originRule('http://127.0.0.1:3000', EXTENSION, 1).condition.urlFilter.slice(1);
    expect('http://127.0.0.1:3000/mcp'.startsWith(prefix)).toBe(true);
    expect('http://127.0.0.1:30001/mcp'.startsWith(prefix)).toBe(false);
    const host = originRule('https://mcp.example.com', EXTENSION, 1).condition.urlFilter.slice(1);
    expect('https://mcp.example.com.evil.test/mcp'.startsWith(host)).toBe(false);
  });
});

describe('originRulesUpdate', () => {
  it('adds one rule per distinct server origin, skipping what is not http(s)', () => {
    const update = originRulesUpdate(
      [],
      ['http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3000/other', 'https://mcp.example.com/mcp', 'ws://x/y', 'nonsense'],
      EXTENSION,
    );
    expect(update.removeRuleIds).toEqual([]);
    expect(update.addRules.map((rule) => [rule.id, rule.condition.urlFilter])).toEqual([
      [1, '|http://127.0.0.1:3000/'],
      [2, '|https://mcp.example.com/'],
    ]);
  });

  it('has nothing to do once applied, also when the browser hands the rules back with sorted keys', () => {
    const servers = ['http://127.0.0.1:3000/mcp', 'https://mcp.example.com/mcp'];
    const rules = apply([], originRulesUpdate([], servers, EXTENSION));
    expect(originRulesUpdate(rules, servers, EXTENSION)).toEqual({ removeRuleIds: [], addRules: [] });
    // What Chromium 156's getSessionRules() returned for a rule made here.
    const fromChrome = JSON.parse(
      `[{"action":{"requestHeaders":[{"header":"origin","operation":"remove"}],"type":"modifyHeaders"},"condition":{"initiatorDomains":["${EXTENSION}"],"resourceTypes":["xmlhttprequest","other"],"urlFilter":"|http://127.0.0.1:3000/"},"id":1,"priority":1}]`,
    ) as SessionRule[];
    expect(originRulesUpdate(fromChrome, ['http://127.0.0.1:3000/mcp'], EXTENSION)).toEqual({ removeRuleIds: [], addRules: [] });
  });

  it('removes the rule of a server that is gone and keeps the others', () => {
    const rules = apply([], originRulesUpdate([], ['http://127.0.0.1:3000/mcp', 'https://mcp.example.com/mcp'], EXTENSION));
    const update = originRulesUpdate(rules, ['https://mcp.example.com/mcp'], EXTENSION);
    expect(update).toEqual({ removeRuleIds: [1], addRules: [] });
    expect(originRulesUpdate(rules, [], EXTENSION).removeRuleIds.sort()).toEqual([1, 2]);
  });

  it('never touches rules that are not origin rules, and gives new rules ids they do not use', () => {
    const update = originRulesUpdate([blockAds, setHeader], ['http://127.0.0.1:3000/mcp'], EXTENSION);
    expect(update.removeRuleIds).toEqual([]);
    expect(update.addRules).toEqual([originRule('http://127.0.0.1:3000', EXTENSION, 3)]);
  });

  it('replaces a rule made for another extension host or of another shape, and drops duplicates', () => {
    const old = originRule('http://127.0.0.1:3000', 'old-id', 4);
    const narrow: SessionRule = {
      ...originRule('https://mcp.example.com', EXTENSION, 5),
      condition: { urlFilter: '|https://mcp.example.com/', initiatorDomains: [EXTENSION], resourceTypes: ['xmlhttprequest'] },
    };
    const twin = originRule('https://b.example.com', EXTENSION, 6);
    const twin2 = originRule('https://b.example.com', EXTENSION, 8);
    const update = originRulesUpdate(
      [old, narrow, twin, twin2],
      ['http://127.0.0.1:3000/', 'https://mcp.example.com/', 'https://b.example.com/'],
      EXTENSION,
    );
    expect(update.removeRuleIds.sort()).toEqual([4, 5, 8]);
    expect(update.addRules.map((rule) => [rule.condition.urlFilter, rule.condition.initiatorDomains])).toEqual([
      ['|http://127.0.0.1:3000/', [EXTENSION]],
      ['|https://mcp.example.com/', [EXTENSION]],
    ]);
    expect(filters(apply([old, narrow, twin, twin2], update))).toEqual([
      '|http://127.0.0.1:3000/',
      '|https://b.example.com/',
      '|https://mcp.example.com/',
    ]);
  });

  it('after any sequence of server lists, leaves exactly one rule per origin and other rules as they were', () => {
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https'),
        fc.constantFrom('127.0.0.1', 'localhost', 'a.example', 'b.example'),
        fc.constantFrom('', ':3000', ':8443'),
        fc.constantFrom('/mcp', '/'),
      )
      .map(([scheme, host, port, path]) => `${scheme}://${host}${port}${path}`);
    fc.assert(
      fc.property(fc.array(fc.array(url, { maxLength: 6 }), { minLength: 1, maxLength: 6 }), (lists) => {
        let rules: SessionRule[] = [blockAds, setHeader];
        for (const servers of lists) {
          rules = apply(rules, originRulesUpdate(rules, servers, EXTENSION));
          const origins = [...new Set(servers.map((server) => serverOrigin(server)!))].map((origin) => `|${origin}/`).sort();
          expect(filters(rules)).toEqual(origins);
          expect(rules).toContainEqual(blockAds);
          expect(rules).toContainEqual(setHeader);
        }
      }),
    );
  });
});

describe('originRulesSync', () => {
  /** A stand-in for chrome.declarativeNetRequest's session rules, slow enough to interleave. */
  function fakeApi(initial: SessionRule[] = []) {
    let rules = [...initial];
    const updates: OriginRulesUpdate[] = [];
    return {
      updates,
      rules: () => rules,
      getSessionRules: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return structuredClone(rules);
      },
      updateSessionRules: async (update: OriginRulesUpdate) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        updates.push(update);
        rules = apply(rules, update);
      },
    };
  }

  it('brings the rules in line with the servers, and calls nothing when they already are', async () => {
    const api = fakeApi([blockAds]);
    const sync = originRulesSync(api, EXTENSION);
    await sync(['http://127.0.0.1:3000/mcp']);
    expect(filters(api.rules())).toEqual(['|http://127.0.0.1:3000/']);
    await sync(['http://127.0.0.1:3000/mcp']);
    expect(api.updates).toHaveLength(1);
    expect(api.rules()).toContainEqual(blockAds);
  });

  it('runs quick successive saves one after another, ending with the last list', async () => {
    const api = fakeApi();
    const sync = originRulesSync(api, EXTENSION);
    await Promise.all([
      sync(['http://127.0.0.1:3000/mcp']),
      sync(['http://127.0.0.1:3000/mcp', 'https://a.example/mcp']),
      sync(['https://a.example/mcp', 'https://b.example/mcp']),
    ]);
    expect(filters(api.rules())).toEqual(['|https://a.example/', '|https://b.example/']);
  });

  it('reports a failure without rejecting, and the next save tries again', async () => {
    const api = fakeApi();
    const errors: unknown[] = [];
    let fail = true;
    const sync = originRulesSync(
      {
        getSessionRules: api.getSessionRules,
        updateSessionRules: async (update) => {
          if (fail) throw new Error('Rule with id 1 already exists');
          await api.updateSessionRules(update);
        },
      },
      EXTENSION,
      (error) => errors.push(error),
    );
    await expect(sync(['https://a.example/mcp'])).resolves.toBeUndefined();
    expect(errors).toEqual([new Error('Rule with id 1 already exists')]);
    fail = false;
    await sync(['https://a.example/mcp']);
    expect(filters(api.rules())).toEqual(['|https://a.example/']);
  });
});
