import type { ProtocolLogFormat } from '@/lib/mcp/protocolHar';
import type { Verdict } from '@/lib/policy/judge';

const FORMATS: ProtocolLogFormat[] = ['json', 'har'];

/** Export JSON / Export HAR for a log or a trace; none where the organisation turned saving them off (the view says so beside). */
export function ExportButtons({ allowed, empty, onExport }: { allowed?: Verdict; empty: boolean; onExport: (format: ProtocolLogFormat) => void }) {
  if (allowed && !allowed.allowed) return null;
  return (
    <>
      {FORMATS.map((format) => (
        <button key={format} type="button" class="secondary" disabled={empty} onClick={() => onExport(format)}>
          Export {format.toUpperCase()}
        </button>
      ))}
    </>
  );
}
