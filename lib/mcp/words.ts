/**
 * The sentences lib/mcp ends a request with that name the request itself (block `mcp:` of
 * locales/en.yml). A request is passed around as what it is about, not as an English phrase,
 * so each language words the whole sentence: "the call to echo" pieced into "… did not answer
 * … for 10 s" would only read right in English.
 */
import { t } from '../i18n';
import type { RoundMethod } from './connection';

/** What a running request is about: its method and params, as sent. */
export interface RequestTarget {
  method: RoundMethod;
  params: Record<string, unknown>;
}

const named = (target: RequestTarget) => String(target.method === 'resources/read' ? target.params.uri : target.params.name);

/** The server stayed silent past the idle allowance (an `allowance` of lib/mcp/idleClock.ts). */
export function timedOut(server: string, target: RequestTarget, allowance: string): string {
  const subject = named(target);
  switch (target.method) {
    case 'tools/call':
      return t('mcp.timeout.call', { server, tool: subject, allowance });
    case 'prompts/get':
      return t('mcp.timeout.prompt', { server, prompt: subject, allowance });
    case 'resources/read':
      return t('mcp.timeout.read', { server, uri: subject, allowance });
  }
}

/** The person, or the part that started it, cancelled the request. */
export function cancelled(target: RequestTarget): string {
  const subject = named(target);
  switch (target.method) {
    case 'tools/call':
      return t('mcp.cancelled.call', { tool: subject });
    case 'prompts/get':
      return t('mcp.cancelled.prompt', { prompt: subject });
    case 'resources/read':
      return t('mcp.cancelled.read', { uri: subject });
  }
}

/** A kept 2026-07-28 round the server would not take back after a restart. */
export function notCarriedOn(server: string, target: RequestTarget, error: string): string {
  const subject = named(target);
  switch (target.method) {
    case 'tools/call':
      return t('mcp.rounds.notCarriedOn.call', { server, tool: subject, error });
    case 'prompts/get':
      return t('mcp.rounds.notCarriedOn.prompt', { server, prompt: subject, error });
    case 'resources/read':
      return t('mcp.rounds.notCarriedOn.read', { server, uri: subject, error });
  }
}
