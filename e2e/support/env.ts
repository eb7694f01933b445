import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT = join(import.meta.dirname, '..');
export const ARTIFACTS_DIR = join(E2E_ROOT, 'artifacts');
/** Where the test SMTP receiver drops each received message as an .eml file. */
export const MAILBOX_DIR = join(ARTIFACTS_DIR, 'mailbox');
