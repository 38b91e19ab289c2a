import { describe, expect, it } from 'vitest';
import { callbackStep } from '../../../lib/auth/signInSteps';
import { TraceRecorder } from '../../../lib/auth/trace';

describe('the callback step', () => {
  const issFact = (issPromised: boolean, issuer?: string) => {
    const trace = new TraceRecorder('You chose Sign in');
    callbackStep(trace, 'https://127.0.0.1/callback?code=c&state=s', { iss: undefined, issuer, issPromised });
    return trace.attempt.steps[0]!.facts.find(([name]) => name === 'iss')?.[1];
  };

  it('says why an absent iss passed: nothing promised, or nothing named to check it against', () => {
    expect(issFact(false, 'https://as.test')).toBe(
      'absent; https://as.test does not promise one (authorization_response_iss_parameter_supported is not true), so none is required',
    );
    expect(issFact(true)).toBe(
      'absent; the authorization server promises one (authorization_response_iss_parameter_supported is true), but its metadata names no issuer to check it against',
    );
  });
});
