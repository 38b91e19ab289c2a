/**
 * A sign-in trace: what one server's sign-in did, step by step as spec 2026-07-28
 * basic/authorization orders them (the 401 and its challenge, protected resource metadata,
 * authorization server metadata, the client, consent, the authorization request, the callback's
 * checks, the token exchange; refresh, step-up, sign-out and revocation), with each HTTP
 * exchange it made, and the step that failed named in words with what the person can do.
 *
 * Plain data, redacted before it is kept (lib/redact.ts, as the protocol log: codes,
 * verifiers, tokens and secrets never enter it; neither does `state`). An attempt is written to
 * as it goes, so whoever holds it (the hub, lib/hub/signInTraces.ts) shows it growing.
 */
import { t } from '../i18n';
import { REDACTED } from '../redact';

export type TraceStepKind =
  | 'challenge'
  | 'resource-metadata'
  | 'authorization-server-metadata'
  | 'client'
  | 'consent'
  | 'authorization-request'
  | 'callback'
  | 'token'
  | 'refresh'
  | 'step-up'
  | 'sign-out'
  | 'revocation'
  | 'other';

/** `running` until its exchange answers; `info` for what neither passed nor failed (a decision). */
export type StepOutcome = 'ok' | 'failed' | 'running' | 'info';

/** One HTTP exchange of a sign-in, as the protocol log keeps one (redacted), with its bodies. */
export interface TraceExchange {
  at: number;
  method: string;
  url: string;
  status?: number;
  durationMs?: number;
  /** Why there is no usable answer, in words: no answer, too slow, too big, nested too deep. */
  problem?: string;
  /** What toolnexus made of an answer it did not take as it came (a web page where JSON belongs, a redirect). */
  note?: string;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
}

export interface TraceStep {
  kind: TraceStepKind;
  at: number;
  outcome: StepOutcome;
  /** What happened, in a sentence. */
  summary: string;
  /** What was sent, found or decided, each a name and its value. */
  facts: Array<[string, string]>;
  exchanges: TraceExchange[];
}

/** What the person can do about a failed sign-in, right where it is shown. */
export type TraceFix =
  /** Enter a client id (and perhaps a secret) registered with `issuer` by its owner. */
  | { kind: 'client-id'; issuer?: string }
  /** Try again: Sign in. */
  | { kind: 'sign-in' };

export interface TraceFailure {
  step: TraceStepKind;
  /** What was wrong and what the person can do, in words; also the server card's message. */
  words: string;
  fix?: TraceFix;
}

export type AttemptOutcome = 'running' | 'signed-in' | 'failed' | 'signed-out';

export interface TraceAttempt {
  id: string;
  at: number;
  endedAt?: number;
  /** Why it ran, in words ("The server answered 401", "You chose Sign in"). */
  reason: string;
  outcome: AttemptOutcome;
  steps: TraceStep[];
  failure?: TraceFailure;
}

/** Bounds, so a server that loops or floods cannot grow the worker's memory (with 8,000-character bodies, under 1 MB an attempt). */
const MAX_STEPS = 60;
const MAX_EXCHANGES_PER_STEP = 12;
const MAX_EXCHANGES = 48;
/** Each body, as JSON text; the rest is cut, saying how much there was. */
export const MAX_BODY_CHARS = 8_000;

export function boundedBody(body: unknown): unknown {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  if (text.length <= MAX_BODY_CHARS) return body;
  return {
    cut: t('bounds.bodyCut', { length: text.length, kept: MAX_BODY_CHARS }),
    start: text.slice(0, MAX_BODY_CHARS),
  };
}

/** `state` is single-use but still the sign-in's own secret against forgery: the trace says whether it matched, never what it was. */
export function withoutState(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.has('state')) parsed.searchParams.set('state', REDACTED);
  return parsed.href;
}

let attempts = 0;

/** Writes one attempt, step by step. */
export class TraceRecorder {
  readonly attempt: TraceAttempt;

  constructor(reason: string, now = Date.now()) {
    this.attempt = { id: `signin-${now.toString(36)}-${++attempts}`, at: now, reason, outcome: 'running', steps: [] };
  }

  get running(): boolean {
    return this.attempt.outcome === 'running';
  }

  /** Whether the attempt holds as many exchanges as it may: later ones are made, not kept. */
  get full(): boolean {
    return this.attempt.steps.reduce((count, step) => count + step.exchanges.length, 0) >= MAX_EXCHANGES;
  }

  /** Adds a step; past {@link MAX_STEPS} the last one stands for the rest. */
  step(kind: TraceStepKind, outcome: StepOutcome, summary: string, facts: Array<[string, string]> = []): TraceStep {
    const { steps } = this.attempt;
    const step: TraceStep = { kind, at: Date.now(), outcome, summary, facts, exchanges: [] };
    if (steps.length >= MAX_STEPS) {
      steps[MAX_STEPS - 1] = { ...step, summary: t('auth.steps.dropped', { summary, max: String(MAX_STEPS) }) };
      return steps[MAX_STEPS - 1]!;
    }
    steps.push(step);
    return step;
  }

  /** The step an exchange of `kind` belongs to: the last one, when it is of that kind, else a new one. */
  stepFor(kind: TraceStepKind): TraceStep {
    const last = this.attempt.steps.at(-1);
    if (last && last.kind === kind && last.exchanges.length < MAX_EXCHANGES_PER_STEP) return last;
    return this.step(kind, 'running', t('auth.steps.waitingForAnswer'));
  }

  /** The newest step of `kind`, if any. */
  last(kind: TraceStepKind): TraceStep | undefined {
    return this.attempt.steps.findLast((step) => step.kind === kind);
  }

  /** A sign-in that ended well and then did not hold (the server refused the token it got). */
  failAfter(failure: TraceFailure): void {
    this.attempt.outcome = 'failed';
    this.attempt.failure = failure;
  }

  end(outcome: Exclude<AttemptOutcome, 'running'>, failure?: TraceFailure): void {
    if (!this.running) return;
    this.attempt.outcome = outcome;
    this.attempt.endedAt = Date.now();
    if (failure) this.attempt.failure = failure;
    // A step still waiting when the attempt ended never got its answer.
    for (const step of this.attempt.steps) if (step.outcome === 'running') step.outcome = outcome === 'failed' ? 'failed' : 'info';
  }
}
