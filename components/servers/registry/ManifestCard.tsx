import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import type { ServerManifest } from '@/lib/registry/serverJson';
import { Icon } from '../../content/Icon';
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
export function ManifestCard({ manifest, from, deprecated, statusMessage, onOffer }: ManifestCardProps) {
  const shown = manifest.title ?? manifest.name;
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
        <strong class="manifest-title">{shown}</strong> <span class="muted">{manifest.version}</span>
        {deprecated && <span class="badge deprecated">deprecated</span>}
      </p>
      {manifest.title && <p class="manifest-name muted">{manifest.name}</p>}
      {deprecated && <p class="warning">⚠ The registry marks this server deprecated{statusMessage ? `: ${statusMessage}` : '.'}</p>}
      <p class="manifest-description">{manifest.description}</p>
      {manifest.remotes.length > 0 && (
        <ul class="remotes" aria-label={`Remotes of ${shown}`}>
          {manifest.remotes.map((remote) => (
            <li key={remote.urlTemplate + remote.transport}>
              <code>{remote.origin}</code> <span class="muted">{remote.transport}</span>
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
                  aria-label={`Add ${shown} (${remote.transport}, ${remote.origin})`}
                  onClick={() => onOffer(remote, source)}
                >
                  Add
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manifest.skipped.length > 0 && (
        <ul class="skipped muted" aria-label={`Not runnable in a browser: ${shown}`}>
          {manifest.skipped.map((part) => (
            <li key={part.what}>
              Not runnable in a browser: {part.what} — {part.reason}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
