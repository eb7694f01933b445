export type { ActivityEvent, WrittenEvent } from './activity.js';
export { dialectOf, recordActivities, recordActivity, writeActivities } from './activity.js';
export type { ActivityDispatcher, ActivityHandler } from './dispatch.js';
export { createActivityDispatcher } from './dispatch.js';
export {
  ACTIVITY_DISPATCH_JOB,
  afterCommit,
  dispatchAfterCommit,
  transaction,
} from './after-commit.js';
