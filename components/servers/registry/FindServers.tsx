import { useState } from 'preact/hooks';
import type { PolicyView } from '@/lib/policy/view';
import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import type { Settings } from '@/lib/state';
import { OfferForm } from './OfferForm';
import { RegistrySearch } from './RegistrySearch';
import { ServerJsonImport } from './ServerJsonImport';
import { SiteDiscovery } from './SiteDiscovery';
import './registry.css';

export interface FindServersProps {
  /** Distinct per page (the welcome, the Servers tab), for label links. */
  id: string;
  settings: Settings | undefined;
  /** The organisation's policy: its registry, and whether the site may be looked at. */
  policy?: PolicyView;
}

/** What `onOffer` hands the Add form: a remote to fill in, and whose word it is. */
export interface ChosenOffer {
  offer: RemoteOffer;
  source: OfferSource;
}

/**
 * Finding a server without knowing its URL (issue 28): a registry search and a `server.json`
 * import, each handing what the person picks to one Add form. Anything else that finds
 * offers (the site in the current tab) hands them over the same `onOffer`.
 */
export function FindServers({ id, settings, policy }: FindServersProps) {
  const [chosen, setChosen] = useState<ChosenOffer | null>(null);
  const onOffer = (offer: RemoteOffer, source: OfferSource) => setChosen({ offer, source });
  return (
    <div class="find-servers">
      {chosen && (
        <OfferForm key={`${chosen.source.name} ${chosen.offer.urlTemplate}`} id={`${id}-offer`} {...chosen} onDone={() => setChosen(null)} />
      )}
      <RegistrySearch id={`${id}-registry`} registryUrl={settings?.registryUrl} lockedRegistry={policy?.registryUrl} onOffer={onOffer} />
      <ServerJsonImport id={`${id}-server-json`} onOffer={onOffer} />
      <SiteDiscovery id={`${id}-site`} onOffer={onOffer} allowed={policy?.features.siteDiscovery} />
    </div>
  );
}
