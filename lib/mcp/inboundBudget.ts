/**
 * A server's budget of notifications, spent where they enter the client: each SSE event is
 * judged before the SDK parses it (lib/mcp/eventFilter.ts), before the protocol log, the hub
 * or the panel do anything for it. A server that floods its client (50,000 log messages,
 * progress, list_changed) then costs the worker only the reading of what it sent, never the
 * work, and cannot delay another server's Request.
 *
 * Past the budget, a log message (or anything else that only reports) is dropped and counted,
 * and the count reaches the server's card; one that says where something stands (a request's
 * progress, a changed list or resource) is held, the newest of its kind only, and delivered when
 * the budget allows, since the newest says what all the older ones did (those are counted too). Those that end something the server itself started (`cancelled`,
 * `elicitation/complete`) always go through: each costs a lookup, and dropping one would
 * leave a Request the server no longer wants in front of the person. Requests and responses
 * are not this budget's: the server's requests (`elicitation/create`) have the inbox's
 * `MAX_PENDING_PER_SERVER` (lib/inbox.ts), refused where they enter past it (questionGate.ts).
 */
import { readRpcMessage, type RpcId } from './jsonRpc';

/**
 * A server's sustained rate, and the burst that passes at once. Each notification let through
 * can change what the panel shows (a log line, a progress bar, a list): 20 a second is more
 * than a person reads, and what every open panel can redraw for several servers at once.
 */
export const NOTIFICATIONS_PER_SECOND = 20;
export const NOTIFICATION_BURST = 50;
/** How often, at most, the count of what was dropped is told while a flood lasts. */
export const DROPS_TOLD_EVERY_MS = 1_000;
/** How many kinds (a list, a resource, a request's progress) wait for the budget at once; past that, they are dropped too. */
const MAX_WAITING = 64;

const ALWAYS = new Set(['notifications/cancelled', 'notifications/elicitation/complete']);

export interface InboundNotification {
  method: string;
  params?: Record<string, unknown>;
}

/** What the newest of several notifications of one kind says for all of them (a key per kind), or undefined for one that only reports. */
function stateKey({ method, params }: InboundNotification): string | undefined {
  if (method.endsWith('/list_changed')) return method;
  const about = method === 'notifications/resources/updated' ? params?.uri : method === 'notifications/progress' ? params?.progressToken : undefined;
  return typeof about === 'string' || typeof about === 'number' ? `${method} ${about}` : undefined;
}

export interface BudgetOptions {
  perSecond?: number;
  burst?: number;
  now?: () => number;
  /** The newest of a kind that was held, delivered now, past the stream it came on. */
  deliver: (notification: InboundNotification) => void;
  /** How many were set aside (dropped, or overtaken by a newer one of their kind) since the connection began, told at most once every `DROPS_TOLD_EVERY_MS` while that goes on. */
  onDropped?: (dropped: number) => void;
}

export interface NotificationBudget {
  /** Whether an SSE event's data goes on to the client now; past the budget, the newest of a kind is held and delivered later. */
  admit(data: string): boolean;
  /** The connection is gone: nothing waits any longer. */
  stop(): void;
}

/** What an event carries: a notification, the id a response answers, or nothing of this budget's (a request, a batch, what is not JSON). */
function read(data: string): { notification?: InboundNotification; answers?: RpcId } {
  const message = readRpcMessage(data);
  if (message?.kind === 'response') return { answers: message.id };
  if (message?.kind !== 'notification') return {};
  const { method, params } = message;
  return { notification: params ? { method, params } : { method } };
}

export function notificationBudget({
  perSecond = NOTIFICATIONS_PER_SECOND,
  burst = NOTIFICATION_BURST,
  now = Date.now,
  deliver,
  onDropped,
}: BudgetOptions): NotificationBudget {
  let tokens = burst;
  let filledAt = now();
  let dropped = 0;
  let telling: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** Per kind held: the newest notification of it, and the timer that delivers it. */
  const waiting = new Map<string, { newest: InboundNotification; timer: ReturnType<typeof setTimeout> }>();

  const take = (): boolean => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - filledAt) * perSecond) / 1_000);
    filledAt = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const untilToken = () => Math.max(1, Math.ceil(((1 - tokens) * 1_000) / perSecond));

  const drop = () => {
    dropped += 1;
    telling ??= setTimeout(() => {
      telling = undefined;
      if (!stopped) onDropped?.(dropped);
    }, DROPS_TOLD_EVERY_MS);
  };

  const hold = (key: string, notification: InboundNotification) => {
    const retry = () => {
      const held = waiting.get(key);
      if (stopped || !held) return;
      if (!take()) return void (held.timer = setTimeout(retry, untilToken()));
      waiting.delete(key);
      deliver(held.newest);
    };
    waiting.set(key, { newest: notification, timer: setTimeout(retry, untilToken()) });
  };

  return {
    admit(data) {
      const { notification, answers } = read(data);
      if (answers !== undefined) {
        // The SDK's progress token is the request's id: progress held for an answered request would reach no one.
        const key = `notifications/progress ${answers}`;
        clearTimeout(waiting.get(key)?.timer);
        waiting.delete(key);
      }
      if (!notification || ALWAYS.has(notification.method) || take()) return true;
      const key = stateKey(notification);
      const held = key === undefined ? undefined : waiting.get(key);
      if (held) {
        // The one held says less than this one: it is set aside, this one waits instead.
        held.newest = notification;
        drop();
      } else if (key === undefined || waiting.size >= MAX_WAITING) drop();
      else hold(key, notification);
      return false;
    },
    stop() {
      stopped = true;
      clearTimeout(telling);
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
