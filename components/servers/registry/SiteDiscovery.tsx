import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { SiteDiscovery as Found, SiteOffer } from '@/lib/discovery';
import { errorMessage } from '@/lib/errorMessage';
import type { Verdict } from '@/lib/policy/judge';
import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import { isolatedUrl, t, tn } from '@/lib/i18n';
import { type CurrentSite, useActions } from '../../shared/actions';
import { ForeignCode, ForeignUrl } from '../../shared/Foreign';
import { Message } from '../../shared/Message';
import { OrgNote } from '../../shared/OrgNote';
import { ManifestCard } from './ManifestCard';
import './site-discovery.css';

export interface SiteDiscoveryProps {
  /** Distinct per page (the welcome, the Servers tab), for label links. */
  id: string;
  onOffer: (offer: RemoteOffer, source: OfferSource) => void;
  /** The organisation's word on looking at sites: turned off, the button is not offered. */
  allowed?: Verdict;
}

type Look =
  | { state: 'idle' }
  | { state: 'looking'; site: ComponentChildren }
  | { state: 'found'; found: Found }
  | { state: 'failed'; message: string };

/** Why the panel cannot look at the current tab's site (entrypoints/sidepanel/currentSite.ts says what the browser shows it), in words a person can act on. */
function cannotLook(site: CurrentSite): string {
  if (site.state === 'not-web') return t('servers.site.notWeb');
  return t('servers.site.notInvoked');
}

/** The current tab's site for the button: its host, left to right, or words for one the panel may not see yet. */
const siteName = (site: CurrentSite) =>
  site.state === 'known' ? <ForeignUrl from="site">{new URL(site.origin).host}</ForeignUrl> : t('servers.site.thisTab');

/** Where a card really came from, beside who listed it: a site's word about a server is not the server's. */
function Provenance({ offer, site }: { offer: SiteOffer; site: string }) {
  return (
    <>
      <p class="muted site-provenance">
        {offer.from === site ? (
          <Message id="servers.site.cardFrom" values={{ from: <ForeignCode from="site">{offer.from}</ForeignCode> }} />
        ) : (
          <Message
            id="servers.site.cardListedBy"
            values={{ from: <ForeignCode from="site">{offer.from}</ForeignCode>, site: <ForeignCode from="site">{site}</ForeignCode> }}
          />
        )}
      </p>
      {offer.warnings.map((warning) => (
        <p key={warning} class="warning">
          ⚠ {warning}
        </p>
      ))}
    </>
  );
}

function Results({ found, onOffer }: { found: Found; onOffer: SiteDiscoveryProps['onOffer'] }) {
  const { offers, problems, site } = found;
  const count = offers.length;
  return (
    <>
      <p role="status">
        {count === 0 ? (
          <Message id="servers.site.none" values={{ site: <ForeignUrl from="site">{site}</ForeignUrl> }} />
        ) : (
          tn('servers.site.found', count, { site: isolatedUrl(site) })
        )}
      </p>
      {count > 0 && (
        <ul class="site-offers" aria-label={t('servers.site.offersLabel', { site })}>
          {offers.map((offer) => (
            <li key={`${offer.cardUrl} ${offer.manifest.name}`} class="site-offer">
              <Provenance offer={offer} site={site} />
              <ul class="registry-results">
                <ManifestCard
                  manifest={offer.manifest}
                  from={{ kind: 'site', from: offer.from }}
                  // The Add form says the card's warnings too, beside the remote's own.
                  onOffer={(remote, source) => onOffer({ ...remote, warnings: [...offer.warnings, ...remote.warnings] }, source)}
                />
              </ul>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <details class="site-problems" open={count === 0}>
          <summary>{count === 0 ? t('servers.site.whatFound') : t('servers.site.leftOut', { count: problems.length })}</summary>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function LookButton({ look, name, onLook }: { look: Look; name: ComponentChildren; onLook: () => void }) {
  return (
    <button type="button" class="secondary" disabled={look.state === 'looking'} aria-busy={look.state === 'looking'} onClick={onLook}>
      <Message id="servers.site.look" values={{ site: name }} />
    </button>
  );
}

/**
 * "Look for an MCP server on <site>": the site of the current tab, read only when the person
 * clicks (entrypoints/sidepanel/currentSite.ts says what the browser lets the panel see, and
 * why). What the site publishes is its word: shown as text, with the origin each card really
 * came from, and each remote handed to the same Add form as a registry's.
 */
export function SiteDiscovery({ id, onOffer, allowed }: SiteDiscoveryProps) {
  const { currentSite, lookAtSite } = useActions();
  const [look, setLook] = useState<Look>({ state: 'idle' });
  const name = siteName(currentSite.value);
  const onLook = () => {
    const site = currentSite.value;
    if (site.state !== 'known') return setLook({ state: 'failed', message: cannotLook(site) });
    setLook({ state: 'looking', site: name });
    lookAtSite().then(
      (found) => setLook({ state: 'found', found }),
      (error: unknown) => setLook({ state: 'failed', message: errorMessage(error) }),
    );
  };
  return (
    <section class="site-discovery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('servers.site.title')}</h2>
      {allowed && !allowed.allowed ? <OrgNote verdict={allowed} /> : <LookButton look={look} name={name} onLook={onLook} />}
      {look.state === 'looking' && (
        <p role="status" class="muted">
          <Message id="servers.site.reading" values={{ site: look.site }} />
        </p>
      )}
      {look.state === 'failed' && (
        <p role="alert" class="error">
          {look.message}
        </p>
      )}
      {look.state === 'found' && <Results found={look.found} onOffer={onOffer} />}
    </section>
  );
}
