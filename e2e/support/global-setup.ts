import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkDisabledFeatures, checkOutsideUnreachable } from './chromium.js';
import { E2E_BASE_URL, E2E_PORT, E2E_ROOT, MAILBOX_DIR } from './env.js';
import { startSmtpReceiver } from './smtp-receiver.js';
import { startIdentityService } from './oidc-provider.js';

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/** Starts the SMTP receiver and the built server on a fresh data directory. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await Promise.all([checkDisabledFeatures(), checkOutsideUnreachable()]);
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  const smtp = await startSmtpReceiver(MAILBOX_DIR);
  // the identity journey verifies names and signs in through this stand-in service
  const identity = await startIdentityService(`${E2E_BASE_URL}/api/pim/callback`);
  const dataDir = mkdtempSync(join(tmpdir(), 'memoria-e2e-'));
  // Journeys run the operator command line (support/admin.ts) on the same instance.
  process.env.E2E_DATA_DIR = dataDir;
  const server = spawn(process.execPath, [join(E2E_ROOT, '../apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Memoria <no-reply@memoria.test>',
      LOG_LEVEL: 'warn',
      // Every journey, page and asset comes from 127.0.0.1: the per-address limit of the
      // whole server (1200 a minute by default) would answer 429 halfway through a run.
      RATE_LIMIT_PER_MINUTE: '100000',
      // The web push journey's push service is a receiver the test runs on 127.0.0.1.
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      // The notifications journey waits for the e-mail digest: 2 s instead of 2 minutes.
      NOTIFICATION_EMAIL_DELAY_MS: '2000',
      NODE_ENV: 'production',
      ...identity.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Migrating a fresh database and starting took over 30 s on a busy two-core machine, with
  // Vitest starting beside it; a server that never answers is stopped, not left behind.
  try {
    await waitForHealth(`${E2E_BASE_URL}/api/health`, 120_000);
  } catch (error) {
    server.kill('SIGTERM');
    await smtp.close();
    await identity.close();
    throw error;
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
    await identity.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
