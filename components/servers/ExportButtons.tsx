import { t } from '@/lib/i18n';
import type { ProtocolLogFormat } from '@/lib/mcp/protocolHar';
import type { Verdict } from '@/lib/policy/judge';

/** Each format's button, asked for as it is drawn: JSON and HAR are the formats' own names. */
const FORMATS: ReadonlyArray<[ProtocolLogFormat, () => string]> = [
  ['json', () => t('servers.export.json')],
  ['har', () => t('servers.export.har')],
];

/** Export JSON / Export HAR for a log or a trace; none where the organisation turned saving them off (the view says so beside). */
export function ExportButtons({ allowed, empty, onExport }: { allowed?: Verdict; empty: boolean; onExport: (format: ProtocolLogFormat) => void }) {
  if (allowed && !allowed.allowed) return null;
  return (
    <>
      {FORMATS.map(([format, label]) => (
        <button key={format} type="button" class="secondary" disabled={empty} onClick={() => onExport(format)}>
          {label()}
        </button>
      ))}
    </>
  );
}
