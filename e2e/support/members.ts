import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiUserId, bearer, sessionState, type TokenPair } from './accounts.js';
import { E2E_BASE_URL } from './env.js';
import { stubMapTiles } from './network.js';
import { seedActivatedUser, uniqueEmail } from './session.js';
import { step } from './steps.js';

/** An activated account with an API session, for journeys that are not about signing up. */
export interface Member {
  name: string;
  usermail: string;
  id: number;
  pair: TokenPair;
}

/** Signs a person up through the API (code from the test mailbox) and signs them in. */
export function newMember(request: APIRequestContext, name: string): Promise<Member> {
  return step('sign-up', name, async () => {
    const usermail = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    // the activation answers a full session: no second sign-in (and password hash) needed
    const pair = await seedActivatedUser(request, name, usermail);
    return { name, usermail, id: await apiUserId(request, pair), pair };
  });
}

/** One API call as `member`; expects `status` and answers the JSON body (if any). */
export async function api<T = unknown>(
  request: APIRequestContext,
  member: Member,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  status = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { ...bearer(member.pair), 'accept-language': 'en' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status);
  return (status === 204 ? undefined : await response.json()) as T;
}

/** `from` asks `to` by email and `to` accepts (the connections API). */
export async function connectMembers(
  request: APIRequestContext,
  from: Member,
  to: Member,
): Promise<void> {
  const connection = await api<{ id: number }>(request, from, 'POST', '/api/connection', {
    user_to_email: to.usermail,
    personal_message: `Hello ${to.name}`,
  });
  await api(request, to, 'GET', `/api/connection/${connection.id}/accept`);
}

export interface CollectionSummary {
  id: string;
  name: string;
  type: string;
  is_collaboration: boolean;
  isOwner: boolean;
  users_per_collection: Array<{ id: number; user?: { id: number } }>;
}

/** The collections `member` owns, newest modified first. */
export async function ownCollections(
  request: APIRequestContext,
  member: Member,
): Promise<CollectionSummary[]> {
  const all = await api<CollectionSummary[]>(
    request,
    member,
    'GET',
    `/api/user/${member.id}/collection`,
  );
  return all.filter((collection) => collection.isOwner);
}

/** Creates a collection through the API. */
export async function apiCollection(
  request: APIRequestContext,
  member: Member,
  body: { name: string; type: string; [field: string]: unknown },
): Promise<CollectionSummary> {
  return api<CollectionSummary>(request, member, 'POST', '/api/collection', body);
}

/** Creates a memo in `collectionId` through the API. */
export async function apiMemo(
  request: APIRequestContext,
  member: Member,
  collectionId: string,
  body: { title: string; [field: string]: unknown },
): Promise<{ id: number; title: string }> {
  return api(request, member, 'POST', '/api/memo', {
    memos_per_collection: [`/api/collection/${collectionId}`],
    ...body,
  });
}

/**
 * A page signed in as `member` in a fresh browser context (its own storage). Without a member:
 * a visitor. Nothing outside 127.0.0.1 resolves in the journeys' browser (support/chromium.ts).
 */
export function pageFor(
  browser: Browser,
  member?: Member,
  options: PageOptions = {},
): Promise<Page> {
  return step('context', member?.name ?? 'visitor', () => openPage(browser, member, options));
}

interface PageOptions {
  theme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** e.g. clipboard-read and clipboard-write for "copy link" buttons */
  permissions?: string[];
  /** the page opens the location picker: its map tiles are answered locally (network.ts) */
  mapTiles?: boolean;
}

async function openPage(browser: Browser, member: Member | undefined, options: PageOptions) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    // signed in from the first request: no page load to put the session in place
    ...(member ? { storageState: sessionState(member.pair) } : {}),
    colorScheme: options.theme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    permissions: options.permissions ?? [],
  });
  if (options.theme) {
    await context.addInitScript(
      (theme) => localStorage.setItem('color-scheme', theme),
      options.theme,
    );
  }
  if (options.mapTiles) await stubMapTiles(context);
  return context.newPage();
}
