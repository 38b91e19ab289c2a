/**
 * The words lib/sync, lib/backup and lib/sessionFile build come out in the catalog's language,
 * one whole sentence per case (issue 41): what a session file left out, by kind and by count,
 * a backup's refusal, and the Inbox form that asks for a synced server's secrets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applied } from '../../../components/carry/words';
import { readHeader } from '../../../lib/backup/seal';
import { formatNumber, setCatalog } from '../../../lib/i18n';
import { readSessionFile } from '../../../lib/sessionFile';
import { secretRequest } from '../../../lib/sync/secrets';
import { nodeCatalog } from '../../../locales/read';

afterEach(async () => {
  setCatalog(await nodeCatalog('en'));
});

/** A session file of one server named `name` whose protocol log holds `junk` records it cannot read. */
const sessionWithJunk = (name: string, junk: number) =>
  JSON.stringify({
    format: 'toolnexus-session',
    version: 1,
    servers: [
      { name, url: 'https://a.example/mcp', status: 'error', protocolLog: Array.from({ length: junk }, () => 'junk'), signIn: [], activities: [] },
    ],
  });

const cutsOf = (text: string) => {
  const read = readSessionFile(text);
  if (!read.ok) throw new Error(read.message);
  return read.session.cuts;
};

describe('sync, backup and session files in another language', () => {
  it('says what a session file left out in the count’s own form: English one and other, Arabic’s dual', async () => {
    expect(cutsOf(sessionWithJunk('A', 1))).toEqual(['1 protocol log record of A could not be read or was past 1,000, and is left out.']);
    expect(cutsOf(sessionWithJunk('A', 2))).toEqual(['2 protocol log records of A could not be read or were past 1,000, and are left out.']);
    setCatalog(await nodeCatalog('ar'));
    expect(cutsOf(sessionWithJunk('A', 2))).toEqual([
      // In a right-to-left sentence the Latin name is isolated, as every value is there (lib/i18n).
      `إدخالان من سجل البروتوكول لـ \u2068A\u2069 تعذّرت قراءتهما أو تجاوزا الحد البالغ ${formatNumber(1_000)}، فاستُبعدا.`,
    ]);
  });

  it('refuses a backup of a newer format in German, the format number as the file has it', async () => {
    setCatalog(await nodeCatalog('de'));
    expect(readHeader(JSON.stringify({ format: 'toolnexus-backup', version: 2 }))).toMatchObject({
      problem: 'newer-version',
      message: 'Diese Sicherung stammt von einem neueren toolnexus (Format 2); aktualisieren Sie toolnexus, um sie zu öffnen. Nichts wurde geändert.',
    });
  });

  it('asks for a synced server’s secrets in one sentence, headers listed as the language lists them', async () => {
    const missing = { headers: ['X-Key', 'X-Team'], clientSecret: true };
    expect(secretRequest('API', missing).prompt).toContain('Enter the X-Key and X-Team headers and its OAuth client secret to connect it here');
    setCatalog(await nodeCatalog('fr'));
    const request = secretRequest('API', missing);
    expect(request.prompt).toContain('Saisissez les en-têtes X-Key et X-Team et son secret client OAuth pour le connecter ici');
    expect(request.data).toMatchObject({ schema: { properties: { 'OAuth client secret': { title: 'Secret client OAuth' } } } });
  });
});

describe('what applying a backup did', () => {
  const result = (servers: number, calls: number, pins: number, history: number) => ({
    servers: { added: servers, replaced: 0 },
    savedCalls: { added: 0, replaced: calls },
    pinnedTools: pins,
    history,
  });

  it('counts each kind in its own plural form, as a list of the language', async () => {
    expect(applied(result(1, 2, 1, 0) as never)).toBe('Done: 1 server, 2 saved calls, 1 pinned tool, and 0 History entries added or replaced.');
    setCatalog(await nodeCatalog('de'));
    expect(applied(result(1, 1, 2, 3) as never)).toBe(
      'Fertig: 1 Server, 1 gespeicherter Aufruf, 2 angeheftete Tools und 3 Verlaufseinträge hinzugefügt oder ersetzt.',
    );
    setCatalog(await nodeCatalog('ar'));
    expect(applied(result(2, 1, 0, 0) as never)).toContain('خادمان');
  });
});
