import { useState } from 'preact/hooks';
import { errorMessage } from '@/lib/errorMessage';
import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import type { ServerManifest } from '@/lib/registry/serverJson';
import { t } from '@/lib/i18n';
import { useActions } from '../../shared/actions';
import { ManifestCard } from './ManifestCard';

export interface ServerJsonImportProps {
  id: string;
  onOffer: (offer: RemoteOffer, source: OfferSource) => void;
}

/** A `server.json` from a file or pasted text, read by the registry's schema: its remotes to add, or each problem with it. */
export function ServerJsonImport({ id, onOffer }: ServerJsonImportProps) {
  const { readServerJson } = useActions();
  const [text, setText] = useState('');
  const [read, setRead] = useState<{ manifest: ServerManifest; from: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  /** `from`: the file's name, or '' for pasted text (the Add form says which, components/servers/registry/OfferForm.tsx). */
  const readText = async (source: string, from: string) => {
    setRead(null);
    try {
      const reading = await readServerJson(source);
      if (reading.ok) {
        setProblems([]);
        setRead({ manifest: reading.manifest, from });
      } else setProblems(reading.problems);
    } catch (error) {
      setProblems([errorMessage(error)]);
    }
  };
  return (
    <details class="server-json">
      <summary>{t('servers.serverJson.summary')}</summary>
      <label for={`${id}-file`}>{t('servers.serverJson.fromFile')}</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".json,application/json"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) await readText(await file.text(), file.name);
        }}
      />
      <label for={`${id}-text`}>{t('servers.serverJson.paste')}</label>
      <textarea
        id={`${id}-text`}
        rows={4}
        // JSON, in every language: not words to translate.
        translate={false}
        placeholder='{ "name": "io.github.owner/server", … }'
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <button type="button" class="secondary" disabled={!text.trim()} onClick={() => void readText(text, '')}>
        {t('servers.serverJson.read')}
      </button>
      {problems.length > 0 && (
        <div role="alert" class="error">
          <p>{t('servers.serverJson.unusable')}</p>
          <ul aria-label={t('servers.serverJson.problems')}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {read && (
        <ul class="registry-results" aria-label={t('servers.serverJson.found')}>
          <ManifestCard manifest={read.manifest} from={{ kind: 'server.json', from: read.from }} onOffer={onOffer} />
        </ul>
      )}
      {read && read.manifest.remotes.length === 0 && <p class="muted">{t('servers.serverJson.noRemote')}</p>}
    </details>
  );
}
