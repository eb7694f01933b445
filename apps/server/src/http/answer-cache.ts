import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChangeVersion } from '../db/change-version.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answers of this route may be kept per viewer and URL (see registerAnswerCache) */
    answerCache?: boolean;
  }
  interface FastifyRequest {
    answerCacheSlot?: { key: string; version: number };
  }
}

interface KeptAnswer {
  version: number;
  body: string;
  contentType: string;
}

export interface AnswerCacheOptions {
  changes: ChangeVersion;
  /** total size of kept answers; 0 turns the cache off */
  maxBytes: number;
  /**
   * bounds how long a write made outside this process could go unseen if its signal were
   * lost (a PostgreSQL process dying between a write and its notify)
   */
  ttlMs?: number;
}

export const ANSWER_CACHE_TTL_MS = 10_000;

/**
 * Keeps the serialised answers of hot reads (memo lists, a memo, collection lists) per
 * viewer and URL, and serves one again only while the database's change version is the
 * one it was read under: any write through this process, or a commit by another process
 * (SQLite's data_version, PostgreSQL's notifications: db/change-signals.ts), retires every
 * kept answer at once. Reads stay exact; repeated reads of an
 * unchanged page cost the session check and a map lookup instead of five queries and a
 * serialisation. Answers are kept only for 200s and only on routes that opt in with
 * `config: { answerCache: true }`; the guard has run before, so a viewer never gets
 * another's answer and a revoked session is refused as before.
 */
export function registerAnswerCache(app: FastifyInstance, options: AnswerCacheOptions): void {
  if (options.maxBytes <= 0) return;
  const { changes } = options;
  const kept = new LRUCache<string, KeptAnswer>({
    maxSize: options.maxBytes,
    sizeCalculation: (answer, key) => answer.body.length + key.length + 64,
    ttl: options.ttlMs ?? ANSWER_CACHE_TTL_MS,
  });

  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.answerCache) return done();
    const auth = request.auth;
    // the Accept header picks hydra or a plain array (http/hydra.ts)
    const key = `${auth?.userId ?? 0}:${auth?.rootUserId ?? 0}:${request.headers.accept ?? ''}:${request.url}`;
    const version = changes.current();
    const answer = kept.get(key);
    if (answer && answer.version === version) {
      // says where the answer came from, for whoever looks into a slow or stale page
      void reply
        .header('content-type', answer.contentType)
        .header('x-answer-cache', 'hit')
        .send(answer.body);
      return;
    }
    request.answerCacheSlot = { key, version };
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const slot = request.answerCacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string') {
      const contentType = reply.getHeader('content-type');
      // a write between the read and now leaves slot.version behind: never served
      if (typeof contentType === 'string' && changes.current() === slot.version) {
        kept.set(slot.key, { version: slot.version, body: payload, contentType });
      }
    }
    done(null, payload);
  });
}
