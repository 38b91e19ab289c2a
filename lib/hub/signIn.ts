/**
 * Signing in to servers that require authorization (spec basic/authorization): what each
 * server's sign-in is set up with, the person's Sign in and Sign out, and what may be shown
 * of a sign-in.
 */
import {
  authorizationContext,
  authStatus,
  createServerAuthorization,
  signOut,
  type AuthorizationSetup,
  type AuthStatus,
  type ServerAuthorizationOptions,
} from '../auth';
import { errorMessage } from '../errorMessage';
import type { Request } from '../request';
import type { ServerView } from '../state';
import type { Asking } from './asking';
import type { SavedServer } from './servers';

/** What signing in needs of the saved servers and their views. */
export interface SignInServers {
  saved(serverId: string): SavedServer | undefined;
  displayName(serverId: string): string | undefined;
  update(serverId: string, patch: Partial<ServerView>): void;
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
}

export class SignIn {
  readonly #options: SignInOptions;

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
    };
  }

  /** The context a remembered `server/discover` result may be reused in; empty without sign-ins. */
  context(serverId: string): Promise<string> {
    const storage = this.#options.authorization?.storage;
    return storage ? authorizationContext(storage, serverId) : Promise.resolve('');
  }

  /** What may be shown of the server's sign-in; nothing, not even a promise to wait on, without sign-ins. */
  status(serverId: string): Promise<AuthStatus> | undefined {
    const storage = this.#options.authorization?.storage;
    return storage && authStatus(storage, serverId);
  }

  async signIn(serverId: string): Promise<void> {
    const setup = this.setupFor(serverId);
    if (!setup) return;
    try {
      await createServerAuthorization(setup).signIn();
    } catch (error) {
      this.#options.servers.update(serverId, { status: 'needs-authorization', error: errorMessage(error) });
      return;
    }
    await this.#options.reconnect(serverId);
  }

  async signOut(serverId: string): Promise<void> {
    const setup = this.setupFor(serverId);
    if (!setup) return;
    await this.#options.disconnect(serverId);
    const result = await signOut({ storage: setup.storage, server: setup.server, fetch: setup.fetch });
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
