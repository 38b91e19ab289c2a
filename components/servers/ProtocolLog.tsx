import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { formatTimeSeconds } from '@/lib/i18n/format';
import { rpcMessage } from '@/lib/mcp/jsonRpc';
import { PROTOCOL_LOG_LENGTH } from '@/lib/hub/protocolRecords';
import type { DroppedNote, ProtocolLogEntry, ProtocolRecord } from '@/lib/mcp/protocolLog';
import type { Verdict } from '@/lib/policy/judge';
import { useActions } from '../shared/actions';
import { OrgNote } from '../shared/OrgNote';
import { ExportButtons } from './ExportButtons';
import { useLiveAsk } from './useLiveAsk';
import './protocol-log.css';

export interface ProtocolLogProps {
  serverId: string;
  serverName: string;
  /** The organisation's word on saving it as a file: turned off, it can be read here and not saved. */
  exportAllowed?: Verdict;
}

type Direction = 'all' | 'out' | 'in' | 'http';

interface Row {
  key: string;
  record: ProtocolRecord;
  /** For a request: its response, found by id. */
  response?: ProtocolRecord & { kind: 'message' };
  label: string;
}

/**
 * A record in one line, in the protocol's own words (a method, `result` or `error` as JSON-RPC
 * names a response's member, an HTTP status): what a person matches against the spec and the
 * filter, so it is not translated. Only what is not a protocol word comes from the catalog.
 */
function describe(record: ProtocolRecord): string {
  if (record.kind === 'http') {
    const path = URL.canParse(record.url) ? new URL(record.url).pathname : record.url;
    const took = record.durationMs !== undefined ? ` · ${t('servers.protocolLog.took', { ms: record.durationMs })}` : '';
    return `${record.method} ${path} ${record.status ?? record.error ?? ''}${took}`;
  }
  const arrow = record.direction === 'out' ? '→' : '←';
  const message = rpcMessage(record.message);
  if (message?.kind === 'response') return `${arrow} ${message.failed ? 'error' : 'result'} #${message.id}`;
  if (message) return `${arrow} ${message.method}${message.kind === 'request' ? ` #${message.id}` : ''}`;
  return `${arrow} ${t('servers.protocolLog.otherMessage')}`;
}

/** Requests paired with their responses by JSON-RPC id (the nearest later one, in the other direction). */
function rows(records: ProtocolRecord[]): Row[] {
  const answered = new Set<ProtocolRecord>();
  const out: Row[] = [];
  records.forEach((record, index) => {
    if (answered.has(record)) return;
    let response: Row['response'];
    const request = record.kind === 'message' ? rpcMessage(record.message) : undefined;
    if (record.kind === 'message' && request?.kind === 'request') {
      response = records.slice(index + 1).find((other): other is ProtocolRecord & { kind: 'message' } => {
        if (other.kind !== 'message' || other.direction === record.direction) return false;
        const answer = rpcMessage(other.message);
        return answer?.kind === 'response' && answer.id === request.id;
      });
      if (response) answered.add(response);
    }
    out.push({ key: `${index}`, record, response, label: describe(record) });
  });
  return out;
}

function matches(row: Row, direction: Direction, filter: string): boolean {
  const { record } = row;
  if (direction === 'http' && record.kind !== 'http') return false;
  if ((direction === 'out' || direction === 'in') && (record.kind !== 'message' || record.direction !== direction)) return false;
  return filter === '' || row.label.toLowerCase().includes(filter.toLowerCase());
}

function Copy({ value }: { value: unknown }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      class="link"
      onClick={() =>
        void navigator.clipboard.writeText(JSON.stringify(value, null, 2)).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('servers.protocolLog.copied') : t('servers.protocolLog.copy')}
    </button>
  );
}

/**
 * Records drawn with the protocol log's filters: by method, by direction. Presentational: the live
 * log and a session file's recording (components/carry) both draw theirs with it; `bar` is what
 * the live one adds beside the filters.
 */
export function ProtocolRecords({
  records,
  bar,
  children,
}: {
  records: ProtocolLogEntry[] | null;
  bar?: ComponentChildren;
  children?: ComponentChildren;
}) {
  const [direction, setDirection] = useState<Direction>('all');
  const [filter, setFilter] = useState('');
  const note = records?.find((entry): entry is DroppedNote => entry.kind === 'dropped');
  const shown = useMemo(
    () => rows((records ?? []).filter((entry): entry is ProtocolRecord => entry.kind !== 'dropped')).filter((row) => matches(row, direction, filter)),
    [records, direction, filter],
  );
  return (
    <>
      <div class="protocol-log-bar">
        <input
          type="search"
          aria-label={t('servers.protocolLog.filter')}
          placeholder={t('servers.protocolLog.filter')}
          value={filter}
          onInput={(event) => setFilter(event.currentTarget.value)}
        />
        <select
          aria-label={t('servers.protocolLog.direction')}
          value={direction}
          onChange={(event) => setDirection(event.currentTarget.value as Direction)}
        >
          <option value="all">{t('servers.protocolLog.all')}</option>
          <option value="out">{t('servers.protocolLog.sent')}</option>
          <option value="in">{t('servers.protocolLog.received')}</option>
          <option value="http">{t('servers.protocolLog.http')}</option>
        </select>
        {bar}
      </div>
      {children}
      {note && (
        <p class="muted" role="status" aria-label={t('servers.protocolLog.droppedLabel')}>
          {tn('servers.protocolLog.dropped', note.count, { time: formatTimeSeconds(note.at) })}
        </p>
      )}
      {records === null ? (
        <p class="muted">{t('shell.loading')}</p>
      ) : shown.length === 0 ? (
        <p class="muted">{records.length === 0 ? t('servers.protocolLog.empty') : t('servers.protocolLog.noMatch')}</p>
      ) : (
        <ol class="protocol-records">
          {shown.map(({ key, record, response, label }) => (
            <li key={key}>
              <details>
                <summary>
                  <time class="muted">{formatTimeSeconds(record.at)}</time>{' '}
                  <span translate={false}>
                    {label}
                    {response && <span class="muted"> ↔ {describe(response).slice(2)}</span>}
                  </span>
                </summary>
                <pre translate={false}>{JSON.stringify(record.kind === 'message' ? record.message : record, null, 2)}</pre>
                <Copy value={record.kind === 'message' ? record.message : record} />
                {response && (
                  <>
                    <pre translate={false}>{JSON.stringify(response.message, null, 2)}</pre>
                    <Copy value={response.message} />
                  </>
                )}
              </details>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** A server's protocol log: every exchange and message, newest last, filterable, requests paired with responses. */
export function ProtocolLog({ serverId, serverName, exportAllowed }: ProtocolLogProps) {
  const { protocolLog, clearProtocolLog, exportProtocolLog } = useActions();
  // The server's log as the worker holds it now (already redacted), live while shown: the worker writes records in batches, a moment after each exchange.
  const { value: records, failure, refresh, set: setRecords } = useLiveAsk(() => protocolLog(serverId), serverId);
  const bar = (
    <>
      <button type="button" class="secondary" onClick={refresh}>
        {t('servers.protocolLog.refresh')}
      </button>
      <ExportButtons
        allowed={exportAllowed}
        empty={!records?.length}
        onExport={(format) => records && exportProtocolLog(serverName, format, records)}
      />
      <button
        type="button"
        class="secondary"
        onClick={() => {
          clearProtocolLog(serverId);
          setRecords([]);
        }}
      >
        {t('servers.protocolLog.clear')}
      </button>
    </>
  );
  return (
    <section class="protocol-log" aria-label={t('servers.protocolLog.label', { server: serverName })}>
      <ProtocolRecords records={records} bar={bar}>
        {exportAllowed && !exportAllowed.allowed && <OrgNote verdict={exportAllowed} />}
        <p class="muted">{t('servers.protocolLog.about', { count: PROTOCOL_LOG_LENGTH })}</p>
        {failure && (
          <p role="alert" class="error">
            {failure}
          </p>
        )}
      </ProtocolRecords>
    </section>
  );
}
