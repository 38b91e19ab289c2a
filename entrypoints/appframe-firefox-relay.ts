/**
 * The outer frame of an MCP App in Firefox, the twin of entrypoints/appframe.sandbox with the
 * same relay and checks. Firefox 153 has no manifest `sandbox` pages, but a packaged page the
 * panel loads into `<iframe sandbox="allow-scripts allow-forms">` gets a null principal and no
 * add-on CSP: no `browser`/`chrome`, no storage, no reach into the panel. Firefox 154+ also
 * finds it among the manifest's `sandbox` pages (wxt.config.ts). SECURITY.md, "Apps in Firefox".
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { type AppDocumentWay, bySrcdoc, relayAppFrame } from './appframe.sandbox/relay';

/**
 * The app's document is `srcdoc`, as in Chromium: a srcdoc load is not subject to `frame-src`,
 * so this page's policy allows only the app's declared frames before the app loads, and Firefox
 * then refuses the app any other document in its frame. (A `blob:` made here, as issue 25
 * proposed, needs `frame-src blob:` as it loads; Firefox kept that policy for the frame, and
 * the app loaded a blob: of its own, where the prelude never ran.) A srcdoc document's base URL
 * is this page's, moz-extension://<the add-on's UUID>/…, so this page's base is set first to
 * `about:blank`; `no-referrer` keeps the UUID out of the app's `document.referrer`.
 */
const withoutExtensionUrl: AppDocumentWay = {
  prepare(app) {
    app.referrerPolicy = 'no-referrer';
  },
  load(app, html, csp) {
    const base = app.ownerDocument.createElement('base');
    base.href = 'about:blank';
    app.ownerDocument.head.prepend(base);
    bySrcdoc.load(app, html, csp);
  },
};

export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    relayAppFrame(window, withoutExtensionUrl);
  },
});
