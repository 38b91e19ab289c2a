/**
 * Pinned tools: the tools a person keeps at the top of the Tools tab. A pin names its server
 * by URL, as a saved call does (lib/savedCalls.ts), so it outlives removing and adding the
 * server again and means the same in every browser. Pure: lib/hub/pinnedToolStore.ts keeps them.
 */
import { t } from './i18n';

export interface PinnedTool {
  serverUrl: string;
  tool: string;
  pinnedAt: number;
}

/** Bounds on what the worker keeps: a pin is a shortcut, not a copy of a server's list. */
export const MAX_PINNED = 200;
/** A tool name longer than this is no name a person picks from a list; pinning it is refused. */
const MAX_PINNED_NAME = 1_000;

export class PinError extends Error {}

const samePin = (pin: PinnedTool, serverUrl: string, tool: string) => pin.serverUrl === serverUrl && pin.tool === tool;

/**
 * The pins once `tool` of the server at `serverUrl` is pinned (`pinned`) or not, newest last;
 * the very same list when nothing changes (a second pin of a pinned tool).
 * @throws PinError when the tool cannot be pinned: too long a name, or too many pins.
 */
export function pinTool(pins: readonly PinnedTool[], serverUrl: string, tool: string, pinned: boolean, now: number): readonly PinnedTool[] {
  const present = pins.some((pin) => samePin(pin, serverUrl, tool));
  if (!pinned) return present ? pins.filter((pin) => !samePin(pin, serverUrl, tool)) : pins;
  if (present) return pins;
  if (!URL.canParse(serverUrl)) throw new PinError(t('saved.pin.needsServer'));
  if (!tool || tool.length > MAX_PINNED_NAME) {
    throw new PinError(t('saved.pin.nameLength', { max: MAX_PINNED_NAME }));
  }
  if (pins.length >= MAX_PINNED) throw new PinError(t('saved.pin.tooMany', { max: MAX_PINNED }));
  return [...pins, { serverUrl, tool, pinnedAt: now }];
}

/** What storage held, as pins: anything else (an older or damaged value) is dropped, not trusted. */
export function keptPins(value: unknown): readonly PinnedTool[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (pin): pin is PinnedTool =>
        typeof pin === 'object' &&
        pin !== null &&
        typeof pin.serverUrl === 'string' &&
        typeof pin.tool === 'string' &&
        pin.tool.length <= MAX_PINNED_NAME &&
        typeof pin.pinnedAt === 'number',
    )
    .slice(0, MAX_PINNED);
}
