/**
 * The outer frame of an MCP App in Firefox, the twin of entrypoints/appframe.sandbox with the
 * same relay and checks. Firefox 153 has no manifest `sandbox` pages, but a packaged page the
 * panel loads into `<iframe sandbox="allow-scripts allow-forms">` gets a null principal and no
 * add-on CSP: no `browser`/`chrome`, no storage, no reach into the panel. Firefox 154+ also
 * finds it among the manifest's `sandbox` pages (wxt.config.ts). SECURITY.md, "Apps in Firefox".
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { appFrameSources, cspSources } from '@/lib/apps/csp';
import { type AppDocumentWay, addPolicy, relayAppFrame } from './appframe.sandbox/relay';

/**
 * The app's document is a `blob:` this page makes, never `srcdoc`: an about:srcdoc document's
 * base URL is this page's, moz-extension://<the add-on's UUID>/, and a blob: made here is
 * `blob:null/…`. `no-referrer` keeps this page's URL out of the app's `document.referrer`.
 */
const byBlob: AppDocumentWay = {
  prepare(app) {
    app.referrerPolicy = 'no-referrer';
  },
  load(app, html, csp) {
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const document = app.ownerDocument;
    // frame-src must let this one blob: in; Firefox checks it as the load starts, so the
    // narrower policy added right after (nothing of the app's has run yet) holds every later
    // navigation of the frame, a blob: the app makes itself included.
    addPolicy(document, ['frame-src', 'blob:', ...cspSources(csp?.frameDomains)].join(' '));
    app.src = url;
    addPolicy(document, appFrameSources(csp));
    app.addEventListener('load', () => URL.revokeObjectURL(url), { once: true });
  },
};

export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    relayAppFrame(window, byBlob);
  },
});
