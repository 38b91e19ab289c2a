import { t, tn } from '@/lib/i18n';
import { Message } from './Message';

/** What a file imports: servers (mcp.json) or saved calls. */
export type Imported = 'servers' | 'savedCalls';

/** Each kind's own sentences: "Imported 2 servers, skipped 1." is one message, not a noun put into another. */
const WORDS: Record<Imported, { added(count: number): string; addedSkipped(count: number, skipped: number): string; list(): string }> = {
  servers: {
    added: (count) => tn('importOutcome.servers.added', count),
    addedSkipped: (count, skipped) => tn('importOutcome.servers.addedSkipped', count, { skipped }),
    list: () => t('importOutcome.servers.skippedList'),
  },
  savedCalls: {
    added: (count) => tn('importOutcome.savedCalls.added', count),
    addedSkipped: (count, skipped) => tn('importOutcome.savedCalls.addedSkipped', count, { skipped }),
    list: () => t('importOutcome.savedCalls.skippedList'),
  },
};

export interface ImportOutcomeProps {
  added: number;
  what: Imported;
  skipped: ReadonlyArray<{ name: string; reason: string }>;
}

/** What an import added, and each entry it skipped with why. */
export function ImportOutcome({ added, what, skipped }: ImportOutcomeProps) {
  const words = WORDS[what];
  return (
    <div role="status" class="import-result">
      <p>{skipped.length > 0 ? words.addedSkipped(added, skipped.length) : words.added(added)}</p>
      {skipped.length > 0 && (
        <ul aria-label={words.list()}>
          {skipped.map((entry, index) => (
            <li key={index}>
              <Message
                id="importOutcome.skipped"
                values={{
                  name: (
                    <strong>
                      <bdi dir="auto" data-from="person">
                        {entry.name}
                      </bdi>
                    </strong>
                  ),
                  reason: entry.reason,
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
