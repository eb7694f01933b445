import { LIMITS } from './constants.js';
import { RULE_AREAS, ruleAllows, type UserRules } from './rules.js';

/**
 * Who may do what, by account kind and plan (see docs/RULES.md, Plans and Permission
 * rules), written once: the server enforces these functions, computes the `rules` flags it
 * sends with them, and the web app greys out or hides its controls with the same calls.
 */

/**
 * What the rules need to know about an account. The web app's `User` and `PublicProfile`
 * fit as they are; the server builds it from a stored user row (users/account-facts.ts).
 */
export interface AccountFacts {
  /** main, workspace or normal */
  user_type: string;
  /** group or workspace, for a workspace account */
  workspace_type?: string | null;
  /** the professional (Silver) plan */
  user_has_professional_subscription?: boolean;
  /** the extended personal (Bronze) plan */
  user_has_extended_subscription?: boolean;
  /**
   * Area flags (allowed unless false) and plan flags. A plan flag set here counts as a
   * grant (an operator or a test may grant `silver`, `bronze` or `has_subscription`
   * without a plan); the flags the server sends are computed by `accountRules`, so reading
   * them again gives the same answers.
   */
  rules?: UserRules | null;
  /** calls allowed on the web without a plan */
  webcalls_allowed?: boolean;
}

/** Someone with an id: an account, or the person signed in. */
export interface Someone {
  id: number;
}

// --- account kinds ---

/** A workspace account of its own (a workspace or a group). */
export function isWorkspace(account: AccountFacts): boolean {
  return account.user_type === 'workspace';
}

/** A workspace account of the group kind. */
export function isGroupWorkspace(account: AccountFacts): boolean {
  return isWorkspace(account) && account.workspace_type === 'group';
}

/** A person who bought a workspace or group and administers it through a delegation. */
export function isMainUser(account: AccountFacts): boolean {
  return account.user_type === 'main';
}

export function isWorkspaceOrMain(account: AccountFacts): boolean {
  return isWorkspace(account) || isMainUser(account);
}

/**
 * The session acts for `account` through a delegation: the person signed in (`root`) is
 * someone else. Without a root the account acts for itself.
 */
export function isDelegated(account: Someone, root: Someone | null | undefined): boolean {
  return root != null && root.id !== account.id;
}

/**
 * The person signed in is a workspace account: `root` when acting through a delegation,
 * else the account itself.
 */
export function isRootWorkspace(
  account: AccountFacts,
  root: AccountFacts | null | undefined,
): boolean {
  return isWorkspace(root ?? account);
}

// --- plans ---

export function hasProfessionalSubscription(account: AccountFacts): boolean {
  return account.user_has_professional_subscription === true;
}

/** Bronze: the extended personal subscription (or the bronze flag granted). */
export function isBronze(account: AccountFacts): boolean {
  return account.user_has_extended_subscription === true || account.rules?.bronze === true;
}

/** Silver: a workspace account or the professional subscription (or the silver flag granted). */
export function isSilver(account: AccountFacts): boolean {
  return (
    isWorkspace(account) || hasProfessionalSubscription(account) || account.rules?.silver === true
  );
}

/** Silver or Bronze (or the has_subscription flag granted). */
export function hasSubscription(account: AccountFacts): boolean {
  return isSilver(account) || isBronze(account) || account.rules?.has_subscription === true;
}

/** Every area allowed: the start of each account's rules, made once (read on every profile). */
const ALL_AREAS_ALLOWED: Readonly<Record<string, boolean>> = Object.freeze(
  Object.fromEntries(RULE_AREAS.map((area) => [area, true])),
);

/**
 * The `rules` object the server sends: the area flags (allowed unless switched off) and the
 * plan flags as the functions above decide them.
 */
export function accountRules(account: AccountFacts): UserRules {
  return {
    ...ALL_AREAS_ALLOWED,
    ...account.rules,
    has_subscription: hasSubscription(account),
    bronze: isBronze(account),
    silver: isSilver(account),
  };
}

// --- what an account may do ---

/** Web meetings: a subscription, a delegated session, a workspace signed in, or the flag. */
export function canUseWebMeetings(
  account: AccountFacts & Someone,
  root: (AccountFacts & Someone) | null | undefined,
): boolean {
  return (
    hasSubscription(account) ||
    isDelegated(account, root) ||
    isRootWorkspace(account, root) ||
    account.webcalls_allowed === true
  );
}

/** The workspaces list: a main user with the admin or the workspaces right. */
export function canListWorkspaces(account: AccountFacts): boolean {
  return (
    isMainUser(account) &&
    (ruleAllows(account.rules ?? undefined, 'admin') ||
      ruleAllows(account.rules ?? undefined, 'workspaces'))
  );
}

/** Favourites are for anyone signed in. */
export function canFavourite(viewer: Someone | null | undefined): boolean {
  return viewer != null;
}

/**
 * Document versioning: the collections of a workspace or group account whose plan runs
 * (`entitlementsOf` gives `document_versioning`, kept in the account's rules) keep every
 * replaced document as an older version, whatever the collection's own
 * preserve_documents_version says. Other accounts keep versions only where that flag is on.
 */
export function versionsDocuments(account: AccountFacts): boolean {
  return isWorkspace(account) && account.rules?.document_versioning === true;
}

/** Delegation actions: the admin right on a workspace or main account. */
export function canManageDelegation(account: AccountFacts): boolean {
  return ruleAllows(account.rules ?? undefined, 'admin') && isWorkspaceOrMain(account);
}

/** Buying a group or workspace is for people who are neither a workspace nor a main user. */
export function canCreateGroupOrWorkspace(account: AccountFacts): boolean {
  return !isWorkspaceOrMain(account);
}

/** A public profile shows when its owner has one and has it switched on. */
export function hasPublicProfile(profile: {
  user_has_public_profile: boolean;
  public_profile_enabled: boolean;
}): boolean {
  return profile.user_has_public_profile && profile.public_profile_enabled;
}

/** user_can_create_public_collection: allowed unless the public_profile or collections rule is off. */
export function canCreatePublicCollection(rules: UserRules | null | undefined): boolean {
  return (
    ruleAllows(rules ?? undefined, 'public_profile') &&
    ruleAllows(rules ?? undefined, 'collections')
  );
}

// --- plan gates ---

/** Another public collection: Silver, or fewer than the free limit already public. */
export function withinPublicLimit(account: AccountFacts, otherPublicCount: number): boolean {
  return isSilver(account) || otherPublicCount < LIMITS.publicCollectionsWithoutSilver;
}

/** Scheduling a memo for later needs Silver. */
export function canScheduleMemo(account: AccountFacts): boolean {
  return isSilver(account);
}

/**
 * The extended public profile (call-to-action button, accent colour, banner) needs a
 * subscription; the basic public profile is free (docs/RULES.md, Public profile).
 */
export function canUseExtendedPublicProfile(account: AccountFacts): boolean {
  return hasSubscription(account);
}

/** The followers audience needs a subscription. */
export function canShareWithFollowers(account: AccountFacts): boolean {
  return hasSubscription(account);
}

/**
 * Turning on a collection's preserve_documents_version (replaced documents kept as older
 * versions) needs a subscription; a workspace account has one.
 */
export function canKeepDocumentVersions(account: AccountFacts): boolean {
  return hasSubscription(account);
}

/** Collaboration on a collection needs a subscription (a workspace account has one). */
export function canCollaborate(account: AccountFacts): boolean {
  return hasSubscription(account);
}

/**
 * A connection request to someone whose rules require a product (`requiredProductId`)
 * needs a subscription.
 */
export function meetsConnectionSubscription(
  requester: AccountFacts,
  requiredProductId: string | number | null,
): boolean {
  return requiredProductId === null || hasSubscription(requester);
}

// --- memos ---

/** The viewer wrote the memo. */
export function isMemoOwner(authorId: number, viewerId: number | null | undefined): boolean {
  return viewerId != null && viewerId === authorId;
}

/** Editing a memo is its author's. */
export function canEditMemo(authorId: number, viewerId: number | null | undefined): boolean {
  return isMemoOwner(authorId, viewerId);
}

/**
 * The owner right over a memo (delete it, pin it, push it to its readers): its author, or
 * the owner of a collection it is in.
 */
export function hasMemoOwnerRight(
  authorId: number,
  collectionOwnerIds: ReadonlyArray<number | null | undefined>,
  viewerId: number | null | undefined,
): boolean {
  return (
    isMemoOwner(authorId, viewerId) ||
    (viewerId != null && collectionOwnerIds.some((owner) => owner === viewerId))
  );
}

/**
 * Comments are closed to this viewer because the author takes comments from verified
 * people only and the viewer's identity is not verified (the author is never held to it).
 */
export function commentsVerifiedOnly(memo: {
  isAuthor: boolean;
  authorRequiresIdentification: boolean;
  viewerIdentified: boolean;
}): boolean {
  return !memo.isAuthor && memo.authorRequiresIdentification && !memo.viewerIdentified;
}

/**
 * Adding documents to a memo: its author, or someone who may write to a collaborative
 * collection holding it that allows adding documents.
 */
export function canAddDocuments(memo: {
  isOwner: boolean;
  /** a collection of the memo is collaborative, open to the viewer and allows adding */
  collaborativeCollectionAllows: boolean;
}): boolean {
  return memo.isOwner || memo.collaborativeCollectionAllows;
}

/**
 * The account-kind rules the web app's menus need, as GET /api/profile carries them in
 * `permissions`: computed here once, so the server's checks and the menus agree.
 */
export interface AccountPermissions {
  root_workspace: boolean;
  workspace: boolean;
  group: boolean;
  main: boolean;
  delegated: boolean;
  web_meetings: boolean;
  list_workspaces: boolean;
  manage_delegation: boolean;
  create_group_or_workspace: boolean;
}

export function accountPermissions(
  account: AccountFacts & Someone,
  root: (AccountFacts & Someone) | null | undefined,
): AccountPermissions {
  return {
    root_workspace: isRootWorkspace(account, root),
    workspace: isWorkspace(account),
    group: isGroupWorkspace(account),
    main: isMainUser(account),
    delegated: isDelegated(account, root),
    web_meetings: canUseWebMeetings(account, root),
    list_workspaces: canListWorkspaces(account),
    manage_delegation: canManageDelegation(account),
    create_group_or_workspace: canCreateGroupOrWorkspace(account) && !isDelegated(account, root),
  };
}
