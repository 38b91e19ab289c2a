/**
 * The outer frame of an MCP App (the spec's "sandbox proxy"): a manifest `sandbox` page, so it
 * runs with an opaque origin, no extension APIs and the manifest's sandbox CSP. It makes one
 * inner frame for the app's HTML, under the app's declared CSP, and relays JSON-RPC between
 * the panel and that frame, checking each message's source and origin. The panel never
 * touches the app's document, and the app never reaches the panel's.
 */
import { relayAppFrame } from './relay';

relayAppFrame(window);
