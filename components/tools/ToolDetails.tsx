import type { Tool } from '@modelcontextprotocol/client';
import { fold, highlights } from '@/lib/find';
import { type NameMark, nameMarks } from '@/lib/names';
import { FULL_TEXT_CHARS, ROW_NAME_CHARS } from '../shared/items';
import { MarkedText } from '../shared/MarkedText';

export interface ToolDetailsProps {
  tool: Tool;
  marks: readonly NameMark[];
  alike?: readonly string[];
  terms: readonly string[];
}

/** Characters of a name shown in an open row: generous, and bounded. */
const FULL_NAME_CHARS = 2_000;

/**
 * What an open tool shows above its form: its whole name when the row cut it or it has
 * characters that look like others, the names it looks like (each with what tells it apart),
 * and its whole description, as text: a server's markdown or HTML is shown, never rendered.
 */
export function ToolDetails({ tool, marks, alike, terms }: ToolDetailsProps) {
  return (
    <>
      {(tool.name.length > ROW_NAME_CHARS || marks.length > 0) && (
        <p class="full-name">
          Name:{' '}
          <code>
            <MarkedText text={tool.name} marks={marks} max={FULL_NAME_CHARS} />
          </code>
        </p>
      )}
      {alike && alike.length > 0 && (
        <div class="lookalike-note" role="note">
          <p>Its name looks like {alike.length === 1 ? 'another tool’s' : 'other tools’'} of this server; what tells them apart is marked:</p>
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
          <MarkedText text={tool.description} hits={highlights(fold(tool.description), terms)} max={FULL_TEXT_CHARS} />
        </p>
      )}
    </>
  );
}
