import type { TestApp } from '../../test/harness.js';
import { browserKeys } from './test-support.js';

// Apart from test-support.ts, which the browser journeys import: this one needs the server's
// test harness.
/**
 * Gives a person a push subscription (a device), as the web app's push_token call does:
 * pushes are queued only for people with one. The endpoint is never reached (.invalid).
 */
export async function withPushDevice(
  t: TestApp,
  who: { headers: Record<string, string>; id: number },
): Promise<void> {
  const keys = browserKeys();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push_token',
    headers: who.headers,
    payload: {
      token: JSON.stringify({
        endpoint: `https://push.invalid/device-of-${who.id}`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      }),
    },
  });
  if (res.statusCode >= 300) throw new Error(`push_token: ${res.statusCode} ${res.body}`);
}
