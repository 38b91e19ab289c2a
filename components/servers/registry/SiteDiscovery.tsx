import { useState } from 'preact/hooks';
import type { SiteDiscovery as Found, SiteOffer } from '@/lib/discovery';
import { errorMessage } from '@/lib/errorMessage';
import type { Verdict } from '@/lib/policy/judge';
import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import { type CurrentSite, useActions } from '../../shared/actions';
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

type Look = { state: 'idle' } | { state: 'looking'; site: string } | { state: 'found'; found: Found } | { state: 'failed'; message: string };

/** Why the panel cannot look at the current tab's site (entrypoints/sidepanel/currentSite.ts says what the browser shows it), in words a person can act on. */
function cannotLook(site: CurrentSite): string {
  if (site.state === 'not-web') return 'The current tab is not a web site: open the site you want to look at, then look again.';
  return "The browser does not let toolnexus see which site the current tab is on until you invoke toolnexus there: click toolnexus's button in the toolbar while on that page (or press its keyboard shortcut), then look again.";
}

const siteName = (site: CurrentSite) => (site.state === 'known' ? new URL(site.origin).host : "this tab's site");

/** Where a card really came from, beside who listed it: a site's word about a server is not the server's. */
function Provenance({ offer, site }: { offer: SiteOffer; site: string }) {
  return (
    <>
      <p class="muted site-provenance">
        Card from <code>{offer.from}</code>
        {offer.from !== site && (
          <>
            , listed by <code>{site}</code>
          </>
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
      <p role="status">{count === 0 ? `No MCP server found on ${site}.` : `${count} MCP server${count === 1 ? '' : 's'} found on ${site}:`}</p>
      {count > 0 && (
        <ul class="site-offers" aria-label={`MCP servers on ${site}`}>
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
          <summary>{count === 0 ? 'What toolnexus found' : `What was left out (${problems.length})`}</summary>
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

function LookButton({ look, name, onLook }: { look: Look; name: string; onLook: () => void }) {
  return (
    <button type="button" class="secondary" disabled={look.state === 'looking'} aria-busy={look.state === 'looking'} onClick={onLook}>
      Look for an MCP server on {name}
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
      <h2 id={`${id}-title`}>This site</h2>
      {allowed && !allowed.allowed ? <OrgNote verdict={allowed} /> : <LookButton look={look} name={name} onLook={onLook} />}
      {look.state === 'looking' && (
        <p role="status" class="muted">
          Reading what {look.site} publishes…
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
