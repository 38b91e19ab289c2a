import { withCsp } from '@/lib/apps/csp';
import { APP_NAVIGATED, APP_SANDBOX, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY } from '@/lib/apps/sandbox';
import type { AppCsp } from '@/lib/apps/resource';

interface ResourceReady {
  html?: unknown;
  csp?: AppCsp;
}

/**
 * Relays between the panel (this page's parent, whose origin is the extension's, read from this
 * page's own URL: a sandboxed page's `origin` is opaque but its URL is not) and the one app
 * frame it makes when the panel sends the app's HTML.
 */
export function relayAppFrame(window: Window): void {
  const document = window.document;
  const panel = window.parent;
  if (panel === window) throw new Error('toolnexus: the app frame runs only inside the panel.');
  const panelOrigin = new URL(window.location.href).origin;
  // The app's frame is made at once, empty, so its renderer starts while the panel reads the
  // app's HTML: the app's own document then loads into a frame already running.
  const app = document.createElement('iframe');
  app.setAttribute('sandbox', APP_SANDBOX);
  app.title = 'App';
  app.srcdoc = '<!doctype html>';
  document.body.append(app);
  let mounted = false;
  let loads = 0;

  const toPanel = (message: unknown) => panel.postMessage(message, panelOrigin);

  function mount({ html, csp }: ResourceReady): void {
    // One app per frame, once: a second resource would replace a running app behind the panel's back.
    if (mounted || typeof html !== 'string') return;
    mounted = true;
    app.addEventListener('load', () => {
      loads += 1;
      if (loads > 1) toPanel({ jsonrpc: '2.0', method: APP_NAVIGATED, params: {} });
    });
    app.srcdoc = withCsp(html, csp);
  }

  window.addEventListener('message', (event) => {
    if (event.source === panel) {
      if (event.origin !== panelOrigin) return;
      const data = event.data as { method?: unknown; params?: ResourceReady } | null;
      if (data?.method === SANDBOX_RESOURCE_READY) return mount(data.params ?? {});
      // The app's frame has an opaque origin of its own: it cannot be named as a target.
      if (mounted) app.contentWindow?.postMessage(event.data, '*');
      return;
    }
    if (mounted && event.source === app.contentWindow && event.origin === 'null') toPanel(event.data);
  });
  toPanel({ jsonrpc: '2.0', method: SANDBOX_PROXY_READY, params: {} });
}
