import type { FastifyInstance } from 'fastify';
import { openTestSocket, type TestSocket } from '../../test/test-socket.js';

export { ofType, type Received, type TestSocket } from '../../test/test-socket.js';

/** The account socket of `userId`, signed in with `token`, as the web app opens it. */
export function openSocket(
  app: FastifyInstance,
  userId: number,
  token: string,
): Promise<TestSocket> {
  return openTestSocket(app, `user_id=${userId}&token=${encodeURIComponent(token)}`);
}
