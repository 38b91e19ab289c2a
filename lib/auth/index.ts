/**
 * MCP authorization for the servers toolnexus connects to (spec 2025-11-25 / 2026-07-28
 * basic/authorization). `createServerAuthorization` is what `load()` needs; the rest is
 * for the panel (status, sign out) and the composition root (storage).
 */
export { AuthorizationError, authorizationFailure } from './errors';
export {
  createServerAuthorization,
  type AuthorizationSetup,
  type Authorize,
  type Consent,
  type ServerAuthorization,
  type ServerAuthorizationOptions,
  type SharedSignIn,
} from './flow';
export type { PreRegisteredClient } from './clients';
export { createOAuthProvider } from './provider';
export { authorizationContext, authStatus, forgetRecord, type AuthStatus } from './record';
export { signOut } from './signOut';
export {
  cachedArea,
  memoryArea,
  webExtensionArea,
  type AuthStorage,
  type KeyValueArea,
  type WebExtensionStorageArea,
} from './storage';
