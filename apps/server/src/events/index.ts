export type { ActivityEvent } from './activity.js';
export { dialectOf, recordActivities, recordActivity } from './activity.js';
