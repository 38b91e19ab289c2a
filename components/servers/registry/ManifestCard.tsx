import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import type { ServerManifest } from '@/lib/registry/serverJson';
import { t } from '@/lib/i18n';
import { Icon } from '../../content/Icon';
import { Foreign, ForeignCode, type WrittenBy } from '../../shared/Foreign';
import { Message } from '../../shared/Message';
import { OrgNote } from '../../shared/OrgNote';

export interface ManifestCardProps {
  manifest: ServerManifest;
  /** Who described it, for the Add form. */
  from: Pick<OfferSource, 'kind' | 'from'>;
  deprecated?: boolean;
  statusMessage?: string;
  onOffer: (offer: RemoteOffer, source: OfferSource) => void;
}

/**
 * One server as a registry or a server.json describes it: its words as text (a registry is not
 * a trusted party), only a `data:` icon, each remote with where it really goes and an Add, and
 * each package with why a browser cannot run it.
 */
/** Whose words a card's are: a registry's, a site's, or those of a file the person chose. */
const WRITER: Record<OfferSource['kind'], WrittenBy> = { registry: 'registry', site: 'site', 'server.json': 'person' };

export function ManifestCard({ manifest, from, deprecated, statusMessage, onOffer }: ManifestCardProps) {
  const shown = manifest.title ?? manifest.name;
  const by = WRITER[from.kind];
  const source: OfferSource = {
    ...from,
    name: manifest.name,
    description: manifest.description,
    version: manifest.version,
    ...(manifest.title ? { title: manifest.title } : {}),
  };
  return (
    <li class="manifest" aria-label={shown}>
      <p class="manifest-head">
        {/* No serverUrl: only a data: icon may load, never one a registry points at. */}
        <Icon icons={manifest.icons} serverUrl="" size={16} />
        <strong class="manifest-title">
          <Foreign text={shown} from={by} />
        </strong>{' '}
        <span class="muted">
          <Foreign text={manifest.version} from={by} />
        </span>
        {deprecated && <span class="badge deprecated">{t('servers.manifest.deprecated')}</span>}
      </p>
      {manifest.title && (
        <p class="manifest-name muted">
          <Foreign text={manifest.name} from={by} />
        </p>
      )}
      {deprecated && (
        <p class="warning">
          {'⚠ '}
          {statusMessage ? (
            <Message id="servers.manifest.deprecatedBecause" values={{ message: <Foreign text={statusMessage} from="registry" /> }} />
          ) : (
            t('servers.manifest.deprecatedNote')
          )}
        </p>
      )}
      <p class="manifest-description" dir="auto" data-from={by}>
        {manifest.description}
      </p>
      {manifest.remotes.length > 0 && (
        <ul class="remotes" aria-label={t('servers.manifest.remotes', { server: shown })}>
          {manifest.remotes.map((remote) => (
            <li key={remote.urlTemplate + remote.transport}>
              <ForeignCode from={by}>{remote.origin}</ForeignCode>{' '}
              {/* The transport is the protocol's word (streamable-http, sse), shown as it is. */}
              <span class="muted" translate={false}>
                {remote.transport}
              </span>
              {remote.warnings.length > 0 && (
                <span class="warning" title={remote.warnings.join('\n')}>
                  {' '}
                  ⚠ {remote.warnings.length}
                </span>
              )}{' '}
              {remote.blocked ? (
                <OrgNote verdict={remote.blocked} />
              ) : (
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('servers.manifest.addLabel', { server: shown, transport: remote.transport, origin: remote.origin })}
                  onClick={() => onOffer(remote, source)}
                >
                  {t('servers.manifest.add')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manifest.skipped.length > 0 && (
        <ul class="skipped muted" aria-label={t('servers.manifest.skippedLabel', { server: shown })}>
          {manifest.skipped.map((part, index) => (
            <li key={index}>
              <Message
                id="servers.manifest.skipped"
                values={{ what: part.what ? <Foreign text={part.what} from={by} /> : t('servers.manifest.unnamedPackage'), reason: part.reason }}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
