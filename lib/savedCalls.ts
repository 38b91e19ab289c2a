/**
 * Saved calls: a tool's arguments kept under a name the person chose, to run again later, and
 * their own file (export and import). A saved call names its server by URL, not by the id
 * this browser gave it, so a file moves between browsers and survives removing a server.
 */
import { t } from './i18n';
import { isRecord } from './json';

export interface SavedCall {
  id: string;
  serverUrl: string;
  tool: string;
  name: string;
  arguments: Record<string, unknown>;
  savedAt: number;
}

export interface SavedCallsImport {
  calls: SavedCall[];
  skipped: Array<{ name: string; reason: string }>;
}

/** Bounds on what a file (or a person) can make the worker keep. */
export const MAX_SAVED_CALLS = 500;
const MAX_NAME = 100;
const MAX_ARGUMENTS_CHARS = 100_000;
export const SAVED_CALLS_FORMAT = 'toolnexus-saved-calls';

export class SavedCallError extends Error {}

/** Checks and trims what a saved call is made of; @throws SavedCallError saying what is wrong. */
export function savedCall(fields: { serverUrl: unknown; tool: unknown; name: unknown; arguments: unknown }, id: string, savedAt: number): SavedCall {
  const name = typeof fields.name === 'string' ? fields.name.trim() : '';
  if (!name) throw new SavedCallError(t('saved.call.needsName'));
  if (name.length > MAX_NAME) throw new SavedCallError(t('saved.call.nameTooLong', { max: MAX_NAME }));
  if (typeof fields.tool !== 'string' || !fields.tool) throw new SavedCallError(t('saved.call.needsTool'));
  if (typeof fields.serverUrl !== 'string' || !URL.canParse(fields.serverUrl)) throw new SavedCallError(t('saved.call.needsServer'));
  if (!isRecord(fields.arguments)) throw new SavedCallError(t('saved.call.argumentsNotObject'));
  if (JSON.stringify(fields.arguments).length > MAX_ARGUMENTS_CHARS) {
    throw new SavedCallError(t('saved.call.argumentsTooLong', { max: MAX_ARGUMENTS_CHARS }));
  }
  return { id, serverUrl: fields.serverUrl, tool: fields.tool, name, arguments: fields.arguments, savedAt };
}

/** The file of saved calls: what is needed to run them again, nothing of this browser's. */
export function exportSavedCalls(calls: readonly SavedCall[]): string {
  const exported = calls.map(({ serverUrl, tool, name, arguments: args }) => ({ server: serverUrl, tool, name, arguments: args }));
  return `${JSON.stringify({ format: SAVED_CALLS_FORMAT, version: 1, calls: exported }, null, 2)}\n`;
}

/**
 * Reads a file of saved calls; each entry that cannot be kept is skipped with why.
 * @throws SavedCallError when the text is not such a file at all.
 */
export function parseSavedCalls(text: string, newId: () => string, now: number): SavedCallsImport {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new SavedCallError(t('saved.file.notJson'));
  }
  if (!isRecord(file) || file.format !== SAVED_CALLS_FORMAT || !Array.isArray(file.calls)) {
    throw new SavedCallError(t('saved.file.notSavedCalls'));
  }
  const result: SavedCallsImport = { calls: [], skipped: [] };
  for (const [index, entry] of file.calls.entries()) {
    const label = isRecord(entry) && typeof entry.name === 'string' && entry.name.trim() ? entry.name.trim().slice(0, MAX_NAME) : `#${index + 1}`;
    if (result.calls.length >= MAX_SAVED_CALLS) {
      result.skipped.push({ name: label, reason: t('saved.file.overLimit', { max: MAX_SAVED_CALLS }) });
      continue;
    }
    try {
      if (!isRecord(entry)) throw new SavedCallError(t('saved.file.notObject'));
      result.calls.push(savedCall({ serverUrl: entry.server, tool: entry.tool, name: entry.name, arguments: entry.arguments }, newId(), now));
    } catch (error) {
      if (!(error instanceof SavedCallError)) throw error;
      result.skipped.push({ name: label, reason: error.message });
    }
  }
  return result;
}
