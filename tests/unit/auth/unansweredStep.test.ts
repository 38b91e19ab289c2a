import { describe, expect, it } from 'vitest';
import { unansweredStep } from '../../../lib/auth/explain';
import type { TraceAttempt, TraceExchange, TraceStep, TraceStepKind } from '../../../lib/auth/trace';

const METADATA = 'https://auth.example.com/.well-known/oauth-authorization-server';

const exchange = (answer: Partial<TraceExchange>): TraceExchange => ({ at: 0, method: 'GET', url: METADATA, requestHeaders: {}, ...answer });
const step = (kind: TraceStepKind, outcome: TraceStep['outcome'], exchanges: TraceExchange[] = []): TraceStep => ({
  kind,
  at: 0,
  outcome,
  summary: `${kind} ${outcome}`,
  facts: [],
  exchanges,
});
const attempt = (...steps: TraceStep[]): TraceAttempt => ({ id: 'a', at: 0, reason: 'The server answered 401', outcome: 'failed', steps });

const challenge = step('challenge', 'ok');
const refused = exchange({ problem: 'no answer the browser let toolnexus read (Failed to fetch)' });

describe('a sign-in that nothing answered before anyone was asked (tried again by itself)', () => {
  it('is one whose authorization server metadata got no answer at all: refused, or too slow', () => {
    const failed = step('authorization-server-metadata', 'failed', [refused, exchange({ problem: 'auth.example.com did not answer within 10 s.' })]);
    expect(unansweredStep(attempt(challenge, step('resource-metadata', 'ok'), failed))).toBe(failed);
  });

  it('is one whose refresh or registration got no answer', () => {
    const refresh = step('refresh', 'failed', [refused]);
    expect(unansweredStep(attempt(challenge, step('authorization-server-metadata', 'ok'), refresh))).toBe(refresh);
    const client = step('client', 'failed', [refused]);
    expect(unansweredStep(attempt(challenge, step('authorization-server-metadata', 'ok'), client))).toBe(client);
  });

  it('is not one that something answered, however unusably', () => {
    const answered = step('authorization-server-metadata', 'failed', [refused, exchange({ status: 404 })]);
    expect(unansweredStep(attempt(challenge, answered))).toBeUndefined();
    const tooBig = step('authorization-server-metadata', 'failed', [exchange({ status: 200, problem: 'over 256 KB' })]);
    expect(unansweredStep(attempt(challenge, tooBig))).toBeUndefined();
  });

  it('is not one that had reached the person: trying again would ask them again', () => {
    const token = step('token', 'failed', [exchange({ method: 'POST', url: 'https://auth.example.com/token', problem: 'no answer' })]);
    expect(
      unansweredStep(attempt(challenge, step('consent', 'ok'), step('authorization-request', 'ok'), step('callback', 'ok'), token)),
    ).toBeUndefined();
  });

  it('is not one that went on past the silence and stopped somewhere that answered', () => {
    const metadata = step('authorization-server-metadata', 'failed', [refused]);
    expect(unansweredStep(attempt(challenge, metadata, step('client', 'failed', [exchange({ status: 400 })])))).toBeUndefined();
  });

  it('is not one that failed without a request: a check of ours', () => {
    expect(unansweredStep(attempt(challenge, step('authorization-server-metadata', 'failed')))).toBeUndefined();
  });
});
