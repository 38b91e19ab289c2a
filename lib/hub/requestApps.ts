/**
 * The worker's side of apps bound to Requests (SEP-3118, lib/mcp/appElicitation.ts): the app's
 * HTML, read from the server that asked and from no other (the SEP: the metadata cannot select
 * an app of another connection), checked by the results' rules (lib/apps/resource.ts), and only
 * while its Request waits. Nothing else is offered to such an app: it answers through the
 * panel's `answer`, checked like any form's.
 */
import { type AppResource, appResource } from '../apps/resource';
import type { Inbox } from '../inbox';
import type { Connection } from '../mcp/connection';
import type { PolicyJudge } from '../policy';
import type { Servers } from './servers';
import { AppError, appsAllowed } from './apps';
import { t } from '../i18n';
import { notConnected } from './words';

export interface RequestAppsOptions {
  inbox: Pick<Inbox, 'list'>;
  servers: Pick<Servers, 'view'>;
  connection: (serverId: string) => Connection | undefined;
  /** The organisation's policy: whether MCP Apps may run at all. */
  policy?: () => PolicyJudge;
}

export class RequestApps {
  readonly #options: RequestAppsOptions;

  constructor(options: RequestAppsOptions) {
    this.#options = options;
  }

  /** The app bound to the pending Request `requestId`, as its server serves it now. */
  async load(requestId: string): Promise<AppResource> {
    appsAllowed(this.#options.policy);
    const request = this.#options.inbox.list().find((item) => item.id === requestId);
    if (!request) throw new AppError(t('errors.hub.appRequestGone'));
    if (!request.app || !('resourceUri' in request.app)) throw new AppError(t('errors.hub.appNone'));
    const server = this.#options.servers.view(request.serverId);
    const connection = this.#options.connection(request.serverId);
    if (!server || !connection) throw new AppError(notConnected(request.serverName));
    const uri = request.app.resourceUri;
    return appResource(
      uri,
      await connection.readResource(uri),
      server.resources.find((resource) => resource.uri === uri),
    );
  }
}
