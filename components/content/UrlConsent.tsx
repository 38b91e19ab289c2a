import type { UrlAnalysis } from '@/lib/urls';

export interface UrlConsentProps {
  url: string;
  analysis?: UrlAnalysis;
}

/**
 * spec 2025-11-25 client/elicitation (URL mode): before consent, show the full URL and its
 * domain, as text — never a link, never fetched (no favicon, no preview) — and warn about
 * anything that makes it look like somewhere it is not.
 */
export function UrlConsent({ url, analysis }: UrlConsentProps) {
  const parts = analysis?.hostParts;
  return (
    <div class="url-consent">
      {parts && (
        <p class="destination">
          Opens{' '}
          <span class="host">
            {parts.prefix}
            <mark>{parts.domain}</mark>
            {parts.suffix}
          </span>
          {analysis.unicodeHost && <span class="muted"> (shown as {analysis.unicodeHost})</span>}
        </p>
      )}
      <p class="url">
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the URL is announced as "Full URL", and tests find it by that name */}
        <code aria-label="Full URL">{analysis?.href ?? url}</code>
      </p>
      {analysis && analysis.warnings.length > 0 && (
        <ul class="warnings" aria-label="Warnings about this URL">
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
