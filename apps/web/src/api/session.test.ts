import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setSession, SIGNED_IN_COOKIE } from './session';

const hinted = () => new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`).test(document.cookie);

describe('the signed-in cookie beside the stored session', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
  });

  it('is set with a full session and cleared when the session goes', () => {
    expect(hinted()).toBe(false);
    setSession({ token: 't', refreshToken: 'r', kind: 'full' });
    expect(hinted()).toBe(true);
    clearSession();
    expect(hinted()).toBe(false);
  });

  it('is not set for an activation session (its screens are not the signed-in ones)', () => {
    setSession({ token: 't', refreshToken: 'r', kind: 'full' });
    expect(hinted()).toBe(true);
    setSession({ token: 't', refreshToken: 'r', kind: 'activation' });
    expect(hinted()).toBe(false);
  });
});
