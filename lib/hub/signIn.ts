/**
 * Signing in to servers that require authorization (spec 2026-07-28 basic/authorization):
 * what each server's sign-in is set up with (its trace, and one sign-in at a time whichever
 * connection or button starts it), the person's Sign in, Sign out and the client id they
 * enter, and what may be shown of a sign-in.
 */
import {
  AuthorizationError,
  authorizationContext,
  authStatus,
  createServerAuthorization,
  forgetRecord,
  signOut,
  type AuthorizationSetup,
  type AuthStatus,
  type ServerAuthorizationOptions,
  type SharedSignIn,
} from '../auth';
import { errorMessage } from '../errorMessage';
import { type PolicyJudge, verdictSentence } from '../policy';
import type { Request } from '../request';
import type { ServerSettings, ServerView } from '../state';
import type { Asking } from './asking';
import type { SavedServer } from './servers';
import type { ProtocolRecords } from './protocolRecords';

/** What signing in needs of the saved servers and their views; the client a person enters is kept as the server's own (its secret never goes to the panel). */
export interface SignInServers {
  saved(serverId: string): SavedServer | undefined;
  displayName(serverId: string): string | undefined;
  update(serverId: string, patch: Partial<ServerView>): void;
  edit(serverId: string, patch: Partial<ServerSettings>): boolean | undefined;
  persist(): Promise<void>;
}

export interface SignInOptions {
  /** Storage, redirect URL and sign-in window; absent when no server may sign in. */
  authorization?: Omit<AuthorizationSetup, 'consent' | 'preRegistered' | 'clientMetadataUrl'>;
  servers: SignInServers;
  /** Where the person is asked for consent before a sign-in window opens. */
  asking: Pick<Asking, 'deliver'>;
  /** The person's Client ID Metadata Document URL, if they set one (it can change any time). */
  clientMetadataUrl: () => string | undefined;
  reconnect: (serverId: string) => Promise<void>;
  disconnect: (serverId: string) => Promise<void>;
  /** What the server's card says of a failed sign-in, and whether it is tried again by itself (lib/hub/connections.ts). */
  signInFailed: (serverId: string, failure: AuthorizationError) => void;
  /** Where each server's sign-in attempts are kept for the panel to show. */
  traces?: Pick<ProtocolRecords, 'keeper'>;
  /** The organisation's policy: which authorization servers a sign-in may go to. */
  policy?: () => PolicyJudge;
}

/** A client id (and perhaps a secret) the person was given by an authorization server's owner. */
export interface EnteredClient {
  clientId: string;
  clientSecret?: string;
}

export class SignIn {
  readonly #options: SignInOptions;
  readonly #shared = new Map<string, SharedSignIn>();

  constructor(options: SignInOptions) {
    this.#options = options;
  }

  /** The server's sign-in, its own pre-registered client among it; none without storage for tokens. */
  setupFor(serverId: string): ServerAuthorizationOptions | undefined {
    const { servers, authorization: base } = this.#options;
    const saved = servers.saved(serverId);
    if (!saved || !base) return undefined;
    const serverName = () => servers.displayName(serverId) ?? saved.url;
    return {
      ...base,
      server: { id: serverId, name: serverName(), url: saved.url },
      consent: (request: Request) =>
        this.#options.asking.deliver(request, { serverId, serverName: serverName(), serverOrigin: new URL(saved.url).origin, purpose: 'oauth' }),
      preRegistered: saved.oauthClientId ? { clientId: saved.oauthClientId, clientSecret: saved.oauthClientSecret } : undefined,
      clientMetadataUrl: this.#options.clientMetadataUrl() || undefined,
      trace: this.#options.traces?.keeper(serverId),
      shared: this.#sharedFor(serverId),
      refuseIssuer: (issuer: string) => {
        const verdict = this.#options.policy?.().judgeAuthorizationServer(issuer);
        return verdict && !verdict.allowed ? verdictSentence(verdict) : undefined;
      },
      // The card says where the person is signed in, with which scopes: a step-up or a new authorization server changes both.
      onSignedIn: () => void authStatus(base.storage, serverId).then((auth) => servers.update(serverId, { auth: auth.signedIn ? auth : undefined })),
    };
  }

  #sharedFor(serverId: string): SharedSignIn {
    let shared = this.#shared.get(serverId);
    if (!shared) this.#shared.set(serverId, (shared = {}));
    return shared;
  }

  /** The context a remembered `server/discover` result may be reused in; empty without sign-ins. */
  context(serverId: string): Promise<string> {
    const storage = this.#options.authorization?.storage;
    return storage ? authorizationContext(storage, serverId) : Promise.resolve('');
  }

  /** Forgets a removed server's tokens and clients, so nothing of it stays in storage. */
  async forget(serverId: string): Promise<void> {
    const storage = this.#options.authorization?.storage;
    this.#shared.delete(serverId);
    if (storage) await forgetRecord(storage, serverId);
  }

  /** What may be shown of the server's sign-in; nothing, not even a promise to wait on, without sign-ins. */
  status(serverId: string): Promise<AuthStatus> | undefined {
    const storage = this.#options.authorization?.storage;
    return storage && authStatus(storage, serverId);
  }

  /**
   * Signs in now. With `client`, the client id (and perhaps secret) the person entered, as the
   * authorization server's owner gave it (a failed sign-in's trace asks for it where the server
   * offers no registration): kept as the server's own client first, then signed in with.
   */
  async signIn(serverId: string, client?: EnteredClient): Promise<void> {
    const clientId = client?.clientId.trim();
    if (clientId && this.#options.servers.saved(serverId)) {
      this.#options.servers.edit(serverId, { oauthClientId: clientId, ...(client?.clientSecret ? { oauthClientSecret: client.clientSecret } : {}) });
      await this.#options.servers.persist();
    }
    const setup = this.setupFor(serverId);
    if (!setup) return;
    try {
      await createServerAuthorization(setup).signIn();
    } catch (error) {
      this.#options.signInFailed(serverId, error instanceof AuthorizationError ? error : new AuthorizationError('failed', errorMessage(error)));
      return;
    }
    await this.#options.reconnect(serverId);
  }

  async signOut(serverId: string): Promise<void> {
    const setup = this.setupFor(serverId);
    if (!setup) return;
    await this.#options.disconnect(serverId);
    const result = await signOut({ storage: setup.storage, server: setup.server, fetch: setup.fetch, trace: setup.trace });
    this.#options.servers.update(serverId, {
      status: 'needs-authorization',
      error: result.message,
      auth: await authStatus(setup.storage, serverId),
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
    });
  }
}
