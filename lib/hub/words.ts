/** Sentences more than one part of the hub says, from the catalog's `errors.hub` (docs/i18n.md). */
import { isolated, t } from '../i18n';

/** A request for a server with no connection: by its name when it is still listed. */
export const notConnected = (serverName: string | undefined): string =>
  serverName === undefined ? t('errors.hub.thatNotConnected') : t('errors.hub.notConnected', { server: isolated(serverName) });
