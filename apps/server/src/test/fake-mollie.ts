import type http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** A throwaway certificate for 127.0.0.1 (the client only speaks HTTPS). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-mollie-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

interface FakePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  redirectUrl: string;
  webhookUrl: string;
}

/**
 * A stand-in for the Mollie API on 127.0.0.1, for tests: the real client talks to it through
 * its `apiEndpoint` option. It keeps payments in memory, answers an idempotency key it has
 * seen with the same payment, and lets the test move a payment as a customer would.
 */
export async function startFakeMollie() {
  const payments = new Map<string, FakePayment>();
  const byKey = new Map<string, string>();
  const created: string[] = [];
  const hal = (payment: FakePayment) => ({
    resource: 'payment',
    id: payment.id,
    mode: 'test',
    status: payment.status,
    amount: payment.amount,
    description: payment.description,
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    createdAt: new Date().toISOString(),
    _links: {
      self: { href: `/v2/payments/${payment.id}`, type: 'application/hal+json' },
      ...(payment.status === 'open'
        ? {
            checkout: {
              href: `https://fake-mollie.test/checkout/${payment.id}`,
              type: 'text/html',
            },
          }
        : {}),
    },
  });
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/hal+json' });
    res.end(JSON.stringify(body));
  };
  // The client pins its own list of public CAs, so the test process must not check this
  // certificate: stopFakeMollie (close) restores the setting.
  const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.headers.authorization !== 'Bearer test_fakefakefakefakefakefakefakefake') {
        send(res, 401, { status: 401, title: 'Unauthorized Request', detail: 'Missing key' });
        return;
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method === 'POST' && path === '/v2/payments') {
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byKey.get(key) : undefined;
        if (known) return send(res, 201, hal(payments.get(known) as FakePayment));
        const body = JSON.parse(raw) as Omit<FakePayment, 'id' | 'status'>;
        const payment: FakePayment = {
          id: `tr_${randomBytes(5).toString('hex')}`,
          status: 'open',
          amount: body.amount,
          description: body.description,
          redirectUrl: body.redirectUrl,
          webhookUrl: body.webhookUrl,
        };
        payments.set(payment.id, payment);
        created.push(payment.id);
        if (typeof key === 'string') byKey.set(key, payment.id);
        return send(res, 201, hal(payment));
      }
      const match = /^\/v2\/payments\/([\w-]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const payment = payments.get(match[1] as string);
        if (!payment) {
          return send(res, 404, {
            status: 404,
            title: 'Not Found',
            detail: 'No payment exists with token',
          });
        }
        return send(res, 200, hal(payment));
      }
      send(res, 404, { status: 404, title: 'Not Found', detail: 'Unknown route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiEndpoint: `https://127.0.0.1:${port}/v2/`,
    apiKey: 'test_fakefakefakefakefakefakefakefake',
    payments,
    /** ids in the order they were created */
    created,
    /** what the customer did at Mollie's checkout (or Mollie's clock, for expired) */
    set(id: string, status: 'paid' | 'failed' | 'canceled' | 'expired') {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
        server.close(() => resolve());
      }),
  };
}

export type FakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
