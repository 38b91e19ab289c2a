import { appFrameSources, withCsp } from '@/lib/apps/csp';
import type { AppCsp } from '@/lib/apps/resource';
import { APP_FLOODED, APP_NAVIGATED, APP_SANDBOX, FLOOD_LIMIT, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '@/lib/apps/sandbox';
import { withoutNestedDocuments } from './markup';

interface ResourceReady {
  html?: unknown;
  csp?: AppCsp;
}

/** How the app's document gets into its frame: Chromium's `srcdoc` here, Firefox's `blob:` (entrypoints/appframe-firefox-relay.ts). */
export interface AppDocumentWay {
  /** The app's frame as it waits for the app's HTML. */
  prepare(app: HTMLIFrameElement): void;
  /** Loads the app's document (its CSP and prelude first) and sets this page's `frame-src` (appFrameSources) around it. */
  load(app: HTMLIFrameElement, html: string, csp: AppCsp | undefined): void;
}

/** Adds a Content-Security-Policy to this page; policies only add up, so each one can only narrow what the others allow. */
export function addPolicy(document: Document, content: string): void {
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = content;
  document.head.append(policy);
}

/**
 * Chromium: the app's frame is made at once, empty, so its renderer starts while the panel reads
 * the app's HTML, and the app's own document then loads into a frame already running. A srcdoc
 * document is not subject to `frame-src`, so the policy set first allows only the app's frames.
 */
export const bySrcdoc: AppDocumentWay = {
  prepare(app) {
    app.srcdoc = '<!doctype html>';
  },
  load(app, html, csp) {
    // Where the app's frame may navigate (this page's frame-src governs it): only to frames the
    // app declares, so a meta refresh or a script cannot load another address, or a document
    // without the app's policy, into it; the request is refused before it is sent.
    addPolicy(app.ownerDocument, appFrameSources(csp));
    app.srcdoc = html;
  },
};

/**
 * Relays between the panel (this page's parent, whose origin is the extension's, read from this
 * page's own URL: a sandboxed page's `origin` is opaque but its URL is not) and the one app
 * frame it makes when the panel sends the app's HTML.
 */
export function relayAppFrame(window: Window, way: AppDocumentWay = bySrcdoc): void {
  const document = window.document;
  const panel = window.parent;
  if (panel === window) throw new Error('toolnexus: the app frame runs only inside the panel.');
  const panelOrigin = new URL(window.location.href).origin;
  const app = document.createElement('iframe');
  app.setAttribute('sandbox', APP_SANDBOX);
  app.title = 'App';
  way.prepare(app);
  document.body.append(app);
  let mounted = false;
  let stopped = false;
  let loads = 0;
  let windowStart = 0;
  let count = 0;

  const toPanel = (message: unknown) => panel.postMessage(message, panelOrigin);

  function mount({ html, csp }: ResourceReady): void {
    // One app per frame, once: a second resource would replace a running app behind the panel's back.
    if (mounted || typeof html !== 'string') return;
    mounted = true;
    app.addEventListener('load', () => {
      loads += 1;
      if (loads > 1) toPanel({ jsonrpc: '2.0', method: APP_NAVIGATED, params: {} });
    });
    way.load(app, withCsp(withoutNestedDocuments(html), csp), csp);
  }

  /** Counted before anything is done with the message: a flood ends the app here, and the panel hears none of it. */
  function flooding(): boolean {
    const now = Date.now();
    if (now - windowStart > 1_000) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count <= FLOOD_LIMIT) return false;
    stopped = true;
    app.remove();
    toPanel({ jsonrpc: '2.0', method: APP_FLOODED, params: {} });
    return true;
  }

  window.addEventListener('message', (event) => {
    if (stopped) return;
    if (event.source === panel) {
      if (event.origin !== panelOrigin) return;
      const data = event.data as { method?: unknown; params?: ResourceReady } | null;
      if (data?.method === SANDBOX_RESOURCE_READY) return mount(data.params ?? {});
      // The app's frame has an opaque origin of its own: it cannot be named as a target.
      if (mounted) app.contentWindow?.postMessage(event.data, '*');
      return;
    }
    if (mounted && event.source === app.contentWindow && event.origin === 'null' && !flooding()) toPanel(event.data);
  });
  toPanel({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} });
}
