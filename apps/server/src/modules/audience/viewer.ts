/**
 * Who is asking. `userId` is the account the session acts as (a delegate acting for an
 * account is that account here); null for a visitor. Secrets come from the
 * `collection_sec_link` / `memo_sec_link` query parameters (docs/API.md, Conventions).
 */
export interface Viewer {
  userId: number | null;
  collectionSecret?: string | null;
  memoSecret?: string | null;
}

export const visitor = (secrets: Omit<Viewer, 'userId'> = {}): Viewer => ({
  userId: null,
  ...secrets,
});
