import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/harness.js';
import { caller, violationOf } from '../connections/test-support.js';

describeDb('help links and the privacy policy', () => {
  let t: TestApp;
  let custom: TestApp;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'operator-'));
    fs.writeFileSync(
      path.join(dir, 'links.json'),
      JSON.stringify({
        '*': { contact: 'https://support.example/contact' },
        nl: { privacy: 'https://example.nl/privacy' },
      }),
    );
    fs.writeFileSync(path.join(dir, 'privacy-policy.de.md'), '# Datenschutz\n\nUnser Text.\n');
    custom = await createTestApp({
      config: {
        account: {
          deletionGraceDays: 7,
          helpSiteUrl: 'https://help.example/site',
          helpLinksFile: path.join(dir, 'links.json'),
          privacyPolicyDir: dir,
        },
      },
    });
  });
  afterAll(async () => {
    await custom.close();
    await t.close();
  });

  it('answers the five help links per locale under the help site', async () => {
    const res = await call(null, 'GET', '/api/document/location?locale=fr');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toEqual([
      {
        document_type: 'questions-and-answers',
        link: 'https://memoria.example/fr-be/questions-and-answers',
      },
      { document_type: 'privacy', link: 'https://memoria.example/fr-be/privacy' },
      { document_type: 'about-us', link: 'https://memoria.example/fr-be/about-us' },
      {
        document_type: 'service-conditions',
        link: 'https://memoria.example/fr-be/service-conditions',
      },
      { document_type: 'contact', link: 'https://memoria.example/fr-be/contact' },
    ]);
    const byHeader = await call(null, 'GET', '/api/document/location', undefined, {
      'accept-language': 'pl',
    });
    expect(byHeader.body[0].link).toBe('https://memoria.example/pl/questions-and-answers');
  });

  it('takes the operator’s links per locale, then for every locale, then the help site', async () => {
    const nl = (await custom.app.inject({ url: '/api/document/location?locale=nl' })).json();
    expect(nl.find((d: { document_type: string }) => d.document_type === 'privacy').link).toBe(
      'https://example.nl/privacy',
    );
    expect(nl.find((d: { document_type: string }) => d.document_type === 'contact').link).toBe(
      'https://support.example/contact',
    );
    expect(nl.find((d: { document_type: string }) => d.document_type === 'about-us').link).toBe(
      'https://help.example/site/nl/about-us',
    );
    const res = await custom.app.inject({ url: '/api/document/location?locale=en' });
    expect(res.json()[1]).toEqual({
      document_type: 'privacy',
      link: 'https://help.example/site/en/privacy',
    });
  });

  it('refuses an unknown or overlong locale', async () => {
    const res = await call(null, 'GET', '/api/document/location?locale=xx');
    expect(res.status).toBe(422);
    expect(violationOf(res.body)).toEqual({ path: 'locale', code: 'validation.language' });
    expect(
      (await call(null, 'GET', `/api/document/location?locale=${'e'.repeat(11)}`)).status,
    ).toBe(422);
    expect((await call(null, 'GET', '/api/document/privacy-policy?locale=zz')).status).toBe(422);
  });

  it('answers the shipped privacy policy, or the operator’s for that language', async () => {
    const shipped = await call(null, 'GET', '/api/document/privacy-policy?locale=en');
    expect(shipped.status).toBe(200);
    expect(shipped.body.default).toBe(true);
    expect(shipped.body.text).toMatch(/^# Privacy policy/);
    const own = (await custom.app.inject({ url: '/api/document/privacy-policy?locale=de' })).json();
    expect(own).toEqual({ locale: 'de', text: '# Datenschutz\n\nUnser Text.', default: false });
    const fallback = (
      await custom.app.inject({ url: '/api/document/privacy-policy?locale=es' })
    ).json();
    expect(fallback.default).toBe(true);
  });
});
