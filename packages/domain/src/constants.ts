/** Business constants from the specification tables (docs/RULES.md, Limits). */
export const PAGE_SIZES = {
  connections: 10000,
  followings: 99999,
  memos: 10,
  comments: 100000,
  collections: 10000,
  messages: 20,
  threads: 99999,
  publicProfiles: 10,
} as const;

export const LIMITS = {
  memoTitleMax: 250,
  publicCollectionsWithoutSilver: 3,
  collectionSearchShownAbove: 15,
  flatCollectionListFirst: 3,
  connectionLetterGroupingAbove: 20,
  uploadLimitMbDefault: 5120,
  collectionPictureMaxSize: 80,
  passwordMin: 8,
  groupNameMin: 3,
  customButtonTitleMax: 20,
  slugMin: 3,
  slugMax: 30,
  qrInviteValidDays: 14,
  /** the smallest height, in pixels, of a profile cover and a public profile banner */
  coverMinHeight: 200,
  /** the smallest height, in pixels, of the public profile's own picture */
  publicPictureMinHeight: 200,
} as const;

export const TIMINGS = {
  feedNewContentCheckMs: 60000,
  feedFreshnessMs: 600000,
  toastDefaultMs: 2000,
  toastServerErrorMs: 3500,
  stickyNotificationClearMs: 1000,
  pollFirstCallMs: 1000,
  pollIntervalMs: 3000,
  pollTimeoutMs: 120000,
  pullToRefreshPx: 80,
  infiniteTriggerOffsetPx: 250,
  infiniteDebounceMs: 500,
  searchDebounceMs: 500,
  chunkLoadTimeoutMs: 120000,
  downloadTimeoutMs: 180000,
  linkPreviewDelayMs: 200,
  colourSaveDebounceMs: 200,
  socketReconnectStartMs: 1000,
  socketReconnectStepMs: 1000,
  socketReconnectMaxMs: 3000,
  paymentPollMs: 100,
  plansLoadDelayMs: 1000,
  copiedStateMs: 3000,
} as const;

/**
 * The memos a tab watches for live changes: it sends the ids it holds as `watch_memos`, and
 * the server sends `memo_changed` ('updated', 'comment', 'reaction') only to the people who
 * watch the memo (docs/notes/realtime-delivery.md, Watched memos).
 */
export const MEMO_WATCH = {
  /** ids in one watch_memos message; a tab holding more sends the most recently loaded */
  maxMemos: 1000,
  /**
   * the tab sends its set once its query cache has been quiet this long: long enough to take
   * a page's fetch events as one, short so the set follows what the tab shows
   */
  debounceMs: 50,
  /**
   * a memo that joins a socket's set is told of its changes made this long before: the ones
   * after the server read it for the tab and before the tab's set arrived (or its socket opened)
   */
  replayMs: 10_000,
  /**
   * a tab says how long ago it read the memos new to its set; the server's read came before
   * the answer reached the tab, by at most this much, so changes this much earlier are told too
   */
  readSlackMs: 1000,
} as const;

/** Breakpoints in px (docs/SCREENS.md, Layout). */
export const BREAKPOINTS = { xs: 575, sm: 767, md: 991, lg: 1100, xl: 1249 } as const;

export const IMAGE_VARIANTS = [40, 80, 220, 550, 900] as const;
export const AVATAR_VARIANTS = [40, 80, 550, 1200] as const;
export const DEFAULT_RATIOS = { photo: 1, video: 1.75, other: 1.75 } as const;
export const MAP_DEFAULT_ZOOM = 5;

/** Two-factor and verification code settings. */
export const AUTH = {
  codeLength: 6,
  codeTtlMinutes: 15,
  codeMaxTries: 5,
  backupCodeCount: 10,
  resetTokenTtlMinutes: 60,
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlDays: 30,
  pinMinLength: 4,
  pinMaxLength: 8,
  pinMaxTries: 5,
  failuresBeforeLockout: 10,
  lockoutWindowSeconds: 15 * 60,
  /** a sign-in through the external identity service is given up after this long */
  pimTimeoutMs: 120_000,
} as const;
