import type { Tool } from '@modelcontextprotocol/client';
import { type NameMark, nameMarks } from '@/lib/names';
import { t } from '@/lib/i18n';
import { FULL_TEXT_CHARS, ROW_NAME_CHARS } from '../shared/items';
import { MarkedText } from '../shared/MarkedText';
import { Message } from '../shared/Message';

export interface ToolDetailsProps {
  tool: Tool;
  marks: readonly NameMark[];
  alike?: readonly string[];
  /** Where the filter's words are in the description (items.ts `hitsOf`). */
  hits?: ReadonlyArray<readonly [number, number]>;
}

/** Characters of a name shown in an open row: generous, and bounded. */
const FULL_NAME_CHARS = 2_000;

/**
 * What an open tool shows above its form: its whole name when the row cut it or it has
 * characters that look like others, the names it looks like (each with what tells it apart),
 * and its whole description, as text: a server's markdown or HTML is shown, never rendered.
 */
export function ToolDetails({ tool, marks, alike, hits }: ToolDetailsProps) {
  return (
    <>
      {(tool.name.length > ROW_NAME_CHARS || marks.length > 0) && (
        <p class="full-name">
          <Message
            id="tools.details.name"
            values={{
              name: (
                <code>
                  <MarkedText text={tool.name} marks={marks} max={FULL_NAME_CHARS} />
                </code>
              ),
            }}
          />
        </p>
      )}
      {alike && alike.length > 0 && (
        <div class="lookalike-note" role="note">
          <p>{alike.length === 1 ? t('tools.details.looksLikeOne') : t('tools.details.looksLikeMany')}</p>
          <ul>
            {alike.slice(0, 10).map((other) => (
              <li key={other}>
                <code>
                  <MarkedText text={other} marks={nameMarks(other)} max={200} />
                </code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {tool.description && (
        <p class="muted description full">
          <MarkedText text={tool.description} hits={hits} max={FULL_TEXT_CHARS} />
        </p>
      )}
    </>
  );
}
