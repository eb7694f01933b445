import type { AppContext } from '../../context.js';
import { createMediaService } from '../media/index.js';
import { createMemoActions } from './actions.js';
import { createMemoEvents, type MemoEvents } from './events.js';
import { createMemoReads } from './reads.js';
import { registerPublishJob } from './schedule.js';
import { createMemoWrites } from './writes.js';

/**
 * The memo service: reads and lists (reads.ts), create / edit / delete (writes.ts),
 * pin, todo ticks, copy, secret link and comment watching (actions.ts). Building it
 * registers the `memo.publish` job handler on ctx.jobs.
 */
export function createMemoService(ctx: AppContext, events: MemoEvents = createMemoEvents()) {
  const media = createMediaService(ctx);
  const reads = createMemoReads(ctx.database, media);
  const writes = createMemoWrites(ctx, reads, events, media);
  const actions = createMemoActions(ctx, reads, events);
  registerPublishJob(ctx.jobs, ctx.database, events);
  return {
    events,
    read: reads.read,
    listByUser: reads.listByUser,
    listByCollection: reads.listByCollection,
    /** Memo answers for a page of ids chosen elsewhere (feed, discover), in that order. */
    presentIds: reads.presentIds,
    create: writes.create,
    update: writes.update,
    remove: writes.remove,
    pin: actions.pin,
    toggleTodo: actions.toggleTodo,
    copy: actions.copy,
    secretLink: actions.secretLink,
    unwatchComments: actions.unwatchComments,
  };
}

export type MemoService = ReturnType<typeof createMemoService>;
