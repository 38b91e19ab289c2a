export interface ImportOutcomeProps {
  added: number;
  /** Singular and plural of what was imported. */
  noun: [string, string];
  skipped: ReadonlyArray<{ name: string; reason: string }>;
  listLabel: string;
}

/** What an import added, and each entry it skipped with why. */
export function ImportOutcome({ added, noun, skipped, listLabel }: ImportOutcomeProps) {
  return (
    <div role="status" class="import-result">
      <p>
        Imported {added} {added === 1 ? noun[0] : noun[1]}
        {skipped.length > 0 && `, skipped ${skipped.length}`}.
      </p>
      {skipped.length > 0 && (
        <ul aria-label={listLabel}>
          {skipped.map((entry, index) => (
            <li key={index}>
              <strong>{entry.name}</strong>: {entry.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
