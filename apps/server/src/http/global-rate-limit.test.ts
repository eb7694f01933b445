import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';

describeDb('global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { globalRateLimitPerMinute: 3 } });
  });
  afterAll(async () => t?.close());

  it('answers the uniform 429 body with Retry-After once a client exceeds it', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await t.app.inject({
        url: '/api/profile',
        remoteAddress: '10.77.0.1',
        headers: { 'accept-language': 'nl' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(last?.json().detail).toMatch(/^Too many attempts/);
    const other = await t.app.inject({ url: '/api/profile', remoteAddress: '10.77.0.2' });
    expect(other.statusCode).toBe(401);
    const health = await t.app.inject({ url: '/api/health', remoteAddress: '10.77.0.1' });
    expect(health.statusCode).toBe(200);
    // the web app's files are not counted: a page load fetches many chunks
    const page = await t.app.inject({ url: '/collections', remoteAddress: '10.77.0.1' });
    expect(page.statusCode).not.toBe(429);
  });
});
