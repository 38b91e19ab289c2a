/**
 * What runs in an app's document before anything of the app's own: it takes WebRTC away.
 * Chromium applies no CSP directive and no permissions policy to WebRTC (its `webrtc`
 * directive is a draft no browser ships), and a peer connection reaches any host by STUN or
 * TURN whatever `connect-src` says, so the constructors are removed before any app script runs.
 *
 * An app could look for pristine ones in a document of its own: a child frame is another
 * origin (the sandbox gives every nested document a new opaque one), so it cannot script one;
 * but a nested document could run script itself. So the app may not make one: Trusted Types
 * (`require-trusted-types-for 'script'` in the app's CSP) route every HTML it writes through
 * the default policy below, which refuses HTML naming `srcdoc`, and every `javascript:`
 * navigation, which it refuses too; policies the app makes itself pass the same check; an
 * `XMLHttpRequest` document (HTML parsed past every sink) is refused. The sandbox page strips
 * `srcdoc` from the app's own markup, and its CSP's `frame-src` stops the app's frame from
 * navigating to a document of its own (entrypoints/appframe.sandbox/relay.ts).
 *
 * Serialized into the app's document (`appPrelude.toString()`): it may use nothing from outside.
 */
export function appPrelude(): void {
  type Proto = Record<string, unknown>;
  const scope = globalThis as unknown as Record<string, unknown> & {
    trustedTypes?: { createPolicy(name: string, rules: Record<string, unknown>): unknown };
  };
  for (const name of Object.getOwnPropertyNames(scope)) {
    if (/^(webkit|moz)?RTC/.test(name)) Reflect.deleteProperty(scope, name);
  }
  const refused = 'toolnexus: an app may not make a document of its own (srcdoc or javascript:).';
  const refuse = () => {
    throw new TypeError(refused);
  };
  const nests = (html: unknown) => /srcdoc/i.test(String(html));
  const isSrcdoc = (name: unknown) => String(name).toLowerCase() === 'srcdoc';
  const proto = (name: string) => (scope[name] as { prototype?: Proto } | undefined)?.prototype;
  /** Puts `check` before a setter or method of `target`, with `this` and the arguments it gets. */
  const guard = (target: Proto | undefined, key: string, check: (self: unknown, args: unknown[]) => void) => {
    if (!target) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (!descriptor) return;
    if (descriptor.set) {
      const set = descriptor.set;
      Object.defineProperty(target, key, {
        ...descriptor,
        configurable: false,
        set(this: unknown, value: unknown) {
          check(this, [value]);
          set.call(this, value);
        },
      });
    } else if (typeof descriptor.value === 'function') {
      const method = descriptor.value as (...args: unknown[]) => unknown;
      Object.defineProperty(target, key, {
        ...descriptor,
        configurable: false,
        writable: false,
        value(this: unknown, ...args: unknown[]) {
          check(this, args);
          return method.apply(this, args);
        },
      });
    }
  };
  // Every way to give an element a srcdoc attribute.
  guard(proto('HTMLIFrameElement'), 'srcdoc', refuse);
  for (const key of ['setAttribute', 'setAttributeNS', 'toggleAttribute']) {
    guard(proto('Element'), key, (_self, args) => isSrcdoc(key === 'setAttributeNS' ? args[1] : args[0]) && refuse());
  }
  for (const [name, keys] of [
    ['Element', ['setAttributeNode', 'setAttributeNodeNS']],
    ['NamedNodeMap', ['setNamedItem', 'setNamedItemNS']],
  ] as const) {
    for (const key of keys) guard(proto(name), key, (_self, args) => isSrcdoc((args[0] as { name?: unknown } | null)?.name) && refuse());
  }
  const attrNamed = (self: unknown) => self instanceof (scope.Attr as typeof Object) && isSrcdoc((self as { name?: unknown }).name);
  guard(proto('Attr'), 'value', (self) => attrNamed(self) && refuse());
  for (const key of ['nodeValue', 'textContent']) guard(proto('Node'), key, (self) => attrNamed(self) && refuse());
  // Every HTML the app writes (Trusted Types route it here), and every javascript: navigation.
  const factory = proto('TrustedTypePolicyFactory') as { createPolicy?: (name: string, rules: Record<string, unknown>) => unknown } | undefined;
  const trusted = scope.trustedTypes;
  if (factory?.createPolicy && trusted) {
    const create = factory.createPolicy;
    trusted.createPolicy('default', {
      createHTML: (html: string, _type: unknown, sink: unknown) => (nests(html) || nests(sink) ? null : html),
      createScript: (script: string, _type: unknown, sink: unknown) => (/^Location/.test(String(sink)) ? null : script),
      createScriptURL: (url: string) => url,
    });
    // Policies the app makes itself (a library's, say) pass the same check.
    factory.createPolicy = function (this: unknown, name: string, rules: Record<string, unknown>) {
      const html = rules?.createHTML;
      const checked =
        typeof html === 'function'
          ? (...args: unknown[]) => {
              const out = (html as (...args: unknown[]) => unknown)(...args);
              return nests(out) ? refuse() : out;
            }
          : html;
      return create.call(this, name, { ...rules, createHTML: checked });
    };
  }
  // A document an XMLHttpRequest parses has been past none of the above.
  guard(proto('XMLHttpRequest'), 'responseType', (_self, [value]) => String(value) === 'document' && refuse());
}
