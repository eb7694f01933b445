import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { AuthGuard } from '../http/auth.js';

/** The WebSocket endpoint and the hub behind it (issue 6). */
export async function registerRealtime(
  _app: FastifyInstance,
  _guard: AuthGuard,
  _ctx: AppContext,
): Promise<void> {}
