import { t } from '@/lib/i18n';
import type { UrlAnalysis } from '@/lib/urls';
import { ForeignUrl } from '../shared/Foreign';
import { Message } from '../shared/Message';

export interface UrlConsentProps {
  url: string;
  analysis?: UrlAnalysis;
}

/**
 * spec 2025-11-25 client/elicitation (URL mode): before consent, show the full URL and its
 * domain, as text — never a link, never fetched (no favicon, no preview) — and warn about
 * anything that makes it look like somewhere it is not. The host and the URL are isolated left
 * to right (ForeignUrl): in a right-to-left panel, or beside a name with bidi controls in it,
 * the highlighted domain stays the one the host ends in.
 */
export function UrlConsent({ url, analysis }: UrlConsentProps) {
  const parts = analysis?.hostParts;
  return (
    <div class="url-consent">
      {parts && (
        <p class="destination">
          <Message
            id="urlConsent.opens"
            values={{
              host: (
                <ForeignUrl>
                  <span class="host">
                    {parts.prefix}
                    <mark>{parts.domain}</mark>
                    {parts.suffix}
                  </span>
                </ForeignUrl>
              ),
            }}
          />
          {analysis.unicodeHost && (
            <span class="muted">
              {' '}
              <Message id="urlConsent.shownAs" values={{ host: <ForeignUrl>{analysis.unicodeHost}</ForeignUrl> }} />
            </span>
          )}
        </p>
      )}
      <p class="url">
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the URL is announced as "Full URL", and tests find it by that name */}
        <code aria-label={t('urlConsent.fullUrl')} dir="ltr" translate={false} data-from="server">
          {analysis?.href ?? url}
        </code>
      </p>
      {analysis && analysis.warnings.length > 0 && (
        <ul class="warnings" aria-label={t('urlConsent.warnings')}>
          {analysis.warnings.map((warning) => (
            <li key={warning.code} class="warning">
              ⚠ {warning.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
