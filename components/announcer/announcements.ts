/**
 * What a screen reader is told when the hub's state changes: a new Request, a call that
 * finished, something that went wrong. Pure: two states in, sentences out. Each event is told
 * once, when it happens, never again on a later patch of the same state (a clock, progress, a
 * tab drawn again); what the panel shows as it opens is not news (Announcer.tsx counts from the
 * first state it draws). WCAG 2.2 SC 4.1.3 Status Messages. Words of a server (its name, a tool, a prompt, an error) are isolated in the
 * sentence (docs/i18n.md).
 */
import { isolated, isolatedUrl, t, tn } from '@/lib/i18n';
import type { ActivityView, HubState } from '@/lib/state';

/** A server's text read aloud in full could go on for minutes: a sentence's worth, then "…". */
const SPOKEN_CHARS = 160;
const cut = (text: string) => (text.length > SPOKEN_CHARS ? `${text.slice(0, SPOKEN_CHARS - 1).trimEnd()}…` : text);

/** Why a call failed, in the server's words where it gave any. */
function failure(activity: ActivityView): string {
  if (activity.error) return isolated(cut(activity.error));
  const said = activity.kind === 'tool' ? activity.result?.content.find((block) => block.type === 'text')?.text : undefined;
  return said ? isolated(cut(said)) : t('announce.toolError');
}

/** The sentence for an activity that ended; none for one the person cancelled, nor for the calls an MCP App makes. */
function ended(activity: ActivityView): string | undefined {
  if (activity.status === 'running' || activity.status === 'cancelled') return undefined;
  if (activity.kind === 'tool') {
    if (activity.appOf) return undefined;
    const tool = isolated(activity.tool);
    return activity.status === 'failed' || activity.result?.isError
      ? t('announce.callFailed', { tool, error: failure(activity) })
      : t('announce.callDone', { tool });
  }
  if (activity.status !== 'failed') return undefined;
  return activity.kind === 'resource'
    ? t('announce.readFailed', { uri: isolatedUrl(activity.uri), error: failure(activity) })
    : t('announce.promptFailed', { prompt: isolated(activity.prompt), error: failure(activity) });
}

/** What changed from `before` to `after` that a person who cannot see the panel must hear, in the order it is said. */
export function announcements(before: HubState, after: HubState): string[] {
  const said: string[] = [];
  if (before.inbox !== after.inbox) {
    const waiting = new Set(before.inbox.map((request) => request.id));
    const fresh = after.inbox.filter((request) => !waiting.has(request.id));
    const [only] = fresh;
    if (fresh.length === 1 && only) said.push(t('announce.request', { server: isolated(only.serverName), prompt: isolated(cut(only.prompt)) }));
    else if (fresh.length > 1) said.push(tn('announce.requests', fresh.length));
  }
  if (before.notices !== after.notices) {
    const known = new Set(before.notices.map((notice) => notice.id));
    // The reason is the product's own sentence, the server named in it.
    for (const notice of after.notices) if (!known.has(notice.id)) said.push(cut(notice.reason));
  }
  if (before.activities !== after.activities) {
    const running = new Map(before.activities.map((activity) => [activity.id, activity.status === 'running']));
    for (const activity of after.activities) {
      // Ended since `before`: running then, or started and ended in between.
      if (running.get(activity.id) === false) continue;
      const sentence = ended(activity);
      if (sentence) said.push(sentence);
    }
  }
  return said;
}
