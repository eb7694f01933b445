export type { Viewer } from './viewer.js';
export { visitor } from './viewer.js';
export {
  blockedBetween,
  collectionVisible,
  collectionWritable,
  isContactOf,
  followsUser,
  memoVisible,
  memoVisibleToUser,
} from './predicates.js';
