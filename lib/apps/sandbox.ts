/**
 * What the panel's app host (components/apps/session.ts) and the sandbox page
 * (entrypoints/appframe.sandbox) agree on. The two notification names are the MCP Apps spec's
 * (the official bridge has them too, but the sandbox page is kept free of it); the third is ours.
 */
export const SANDBOX_PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
export const SANDBOX_RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
/** Said to the panel when the app's frame loads a second document: it navigated away from its own. */
export const APP_NAVIGATED = 'toolnexus/app-navigated';
/** Said to the panel when the sandbox page stopped the app for flooding it (`FLOOD_LIMIT`). */
export const APP_FLOODED = 'toolnexus/app-flooded';

/**
 * More messages than this from an app within one second stop it. Counted first in the sandbox
 * page, which drops the app's frame and relays none of the rest, so a flood never reaches the
 * panel, whose thread is the person's; the panel counts again behind it.
 */
export const FLOOD_LIMIT = 500;

/**
 * What an app's frames may do, the sandbox page's and the app's own. Never `allow-same-origin`
 * (the app would share the sandbox page's origin and could script it, then relay as it),
 * `allow-popups` or `allow-top-navigation` (links go through the panel's consent card),
 * `allow-modals`.
 */
export const APP_SANDBOX = 'allow-scripts allow-forms';
