import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@memoria/domain';
import { createTestApp, describeDb, type TestApp } from '../test/harness.js';
import { signedInUser, type SignedIn } from '../test/factories.js';

describeDb('HTTP conventions', () => {
  let t: TestApp;
  let session: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    session = await signedInUser(t);
  });
  afterAll(async () => t?.close());

  it('GET /api/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown /api routes answer the uniform 404 body, in the asked language', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      title: 'Not Found',
      detail: "That page doesn't exist",
      message: "That page doesn't exist",
    });
    const post = await t.app.inject({ method: 'DELETE', url: '/api/login' });
    expect(post.statusCode).toBe(404);
  });

  it('translates message per Accept-Language (nl, uk) and keeps detail in English', async () => {
    for (const [header, locale] of [
      ['nl-NL,nl;q=0.9,en;q=0.5', 'nl'],
      ['uk', 'uk'],
      ['fr-BE', 'fr_be'],
    ] as const) {
      const notFound = await t.app.inject({
        url: '/api/nothing',
        headers: { 'accept-language': header },
      });
      expect(notFound.json().detail).toBe(MESSAGES.en['error.notFound']);
      expect(notFound.json().message).toBe(MESSAGES[locale]['error.notFound']);

      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': header },
        payload: { usermail: 'x' },
      });
      const violations = invalid.json().violations;
      expect(violations[0].message).toBe(formatMessage('validation.email', locale));
      expect(violations[1].message).toBe(formatMessage('validation.required', locale));
    }
    const fallback = await t.app.inject({
      url: '/api/nothing',
      headers: { 'accept-language': 'ja-JP' },
    });
    expect(fallback.json().message).toBe(MESSAGES.en['error.notFound']);
  });

  it('a URL that does not decode gets the uniform 400 body, translated', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/lock-code-validate/%00%ff',
      headers: { 'accept-language': 'nl' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      title: 'Bad Request',
      detail: MESSAGES.en['error.badRequest'],
      message: MESSAGES.nl['error.badRequest'],
    });
  });

  it('malformed JSON is 400, an unsupported content type 415, a huge body 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"usermail": "a@b.cc", ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      status: 400,
      detail: 'The request body is not valid JSON.',
    });
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "usermail": "a@b.cc", "password": "x"}',
    });
    expect(proto.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().status).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'usermail=a@b.cc',
    });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ usermail: 'a@b.cc', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413, title: 'Payload Too Large' });
  });

  it('nothing a client sends produces a 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      [{}],
      'string',
      42,
      true,
      {},
      { usermail: null, password: null },
      { usermail: ['a@b.cc'], password: { a: 1 } },
      { usermail: 'a@b.cc', password: 'x'.repeat(300), code: 'y'.repeat(300) },
      { usermail: 'a@b.cc'.repeat(100), password: 'Abcdefg1!', extra: 'field', nested: { x: 1 } },
      { userProfile: 'x', usermail: 'a@b.cc', password: 'Abcdefgh1!' },
      { userProfile: { name: 'x'.repeat(1000), locale: 5, country: 'Belgium' } },
      { code: 123456 },
      { refresh_token: { $gt: '' } },
      { lock_code: '１２３４' },
      { method: ['totp'] },
      { password: '\u0000', newPassword: '\uD800' },
      { usermail: 'a@b.cc', userForgotPassword: 7, password: 'Abcdefgh1!' },
    ];
    const routes: Array<['POST' | 'PATCH' | 'GET', string]> = [
      ['POST', '/api/signup'],
      ['POST', '/api/login'],
      ['POST', '/api/user/account/verification'],
      ['POST', '/api/account/resend-verification'],
      ['POST', '/api/token/refresh'],
      ['POST', '/api/logout'],
      ['POST', '/api/forgot-password'],
      ['POST', '/api/forgot-password-confirm'],
      ['POST', '/api/reset-password'],
      ['POST', '/api/validate-password'],
      ['POST', '/api/profile/2fa'],
      ['POST', '/api/profile/2fa-confirm'],
      ['POST', '/api/profile/2fa-disable'],
      ['PATCH', '/api/lock-code'],
      ['PATCH', `/api/user/profile/${session.profileId}`],
    ];
    for (const [method, url] of routes) {
      for (const body of bodies) {
        for (const headers of [{}, session.headers]) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
            remoteAddress: `10.50.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
          expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
        }
      }
    }
    for (const url of [
      '/api/lock-code-validate/%00',
      '/api/lock-code-validate/' + '9'.repeat(80),
      '/api/user/profile/%E0%A4%A',
      '/api/profile?page=-1&itemsPerPage=abc',
      '/api/../etc/passwd',
    ]) {
      const res = await t.app.inject({ url, headers: session.headers });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('sets a Content-Security-Policy and the other security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
      "font-src 'self' data:",
      "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document at /api/docs/json and the UI at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/login',
      '/api/signup',
      '/api/token/refresh',
      '/api/profile',
      '/api/user/profile/{id}',
      '/api/lock-code-validate/{value}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const login = doc.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(login.properties).toHaveProperty('usermail');
    expect(doc.paths['/api/login'].post.responses).toHaveProperty('200');
    const user = doc.paths['/api/profile'].get.responses['200'].content['application/json'].schema;
    expect(user.properties).toHaveProperty('user_profile');
    expect(user.properties).not.toHaveProperty('password_hash');
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/api/'))).toBe(true);
    expect(Object.keys(doc.paths)).not.toContain('/api/docs/json');
    // uploads say they take multipart (the fuzzer finds them so), with their fields
    const photo = doc.paths['/api/memo/photo'].post.requestBody.content['multipart/form-data'];
    expect(photo.schema).toMatchObject({
      properties: { memo: { type: 'string' }, file: { type: 'string', format: 'binary' } },
      required: ['file'],
    });
    const multipart = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { requestBody?: { content: object } }>)
        .filter(([, op]) => op.requestBody && 'multipart/form-data' in op.requestBody.content)
        .map(([method]) => `${method} ${path}`),
    );
    expect(multipart.sort()).toEqual([
      'post /api/collection/picture',
      'post /api/memo/document',
      'post /api/memo/photo',
      'post /api/memo/video',
      'post /api/message/document',
      'post /api/message/photo',
      'post /api/thread/picture',
      'post /api/user/picture',
    ]);

    const ui = await t.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('responds with the global rate-limit headers (health is exempt)', async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: session.headers });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });
});
