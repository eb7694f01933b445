import path from 'node:path';
import type { Command } from 'commander';
import { strongPasswordSchema } from '@memoria/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { migrateToLatest } from '../db/migrate.js';
import { createUserAdminService } from '../modules/users/admin-service.js';
import { grantPlanOrder } from './products.js';
import type { RunInstance } from './program.js';
import type { Instance } from './instance.js';
import { CliError, parseArg, printJson, printLine, printTable } from './output.js';
import {
  COLLECTIONS,
  CONNECTIONS,
  DEMO_USERMAIL,
  FAVOURITES,
  FOLLOWS,
  MEMOS,
  PENDING,
  PEOPLE,
  type PersonKey,
  type SeedMemo,
} from './seed-content.js';

/**
 * `memoria-admin seed`: fills the instance with the demo world of seed-content.ts. Accounts
 * are made by the operator's account service (activated, plans granted, one identity
 * verified); everything else goes through the real API, in process (buildApp +
 * app.inject), so every rule of the product holds. Mail the API would send is dropped.
 * Idempotent: when the demo account exists, nothing is written.
 */

/** The password of every demo account unless --password says otherwise. */
export const DEMO_PASSWORD = 'Memoria-demo-2026!';

interface Person {
  key: PersonKey;
  id: number;
  name: string;
  token: string;
  refreshToken: string;
}

export interface SeedSummary {
  seeded: boolean;
  message: string;
  sign_in?: { url: string; usermail: string; password: string };
  accounts?: Array<{ usermail: string; name: string; locale: string; plan: string }>;
  created?: Record<string, number>;
}

class SeedApi {
  constructor(private readonly app: FastifyInstance) {}

  /** One API call as `person`; anything but 2xx stops the seed with the answer. */
  async call<T>(
    person: Person | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<T> {
    const response = await this.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      headers: {
        'accept-language': 'en',
        ...(person ? { authorization: `Bearer ${person.token}` } : {}),
      },
    });
    if (response.statusCode >= 300) {
      const who = person ? ` as ${person.name}` : '';
      throw new CliError(
        `seeding stopped at ${method} ${url}${who}: ${response.statusCode} ${response.body}`,
      );
    }
    return (response.statusCode === 204 ? undefined : response.json()) as T;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paragraphs with `@[key]` mentions and `#[word]` hashtags as the editor saves them. */
export function richText(paragraphs: string[], people: Map<PersonKey, Person>): string {
  return paragraphs
    .map((paragraph) => {
      const html = escapeHtml(paragraph)
        .replace(/@\[(\w+)\]/g, (_match, key: string) => {
          const person = people.get(key as PersonKey);
          if (!person) throw new Error(`seed content mentions unknown person "${key}"`);
          const name = escapeHtml(person.name);
          return (
            `<a data-type="mention" data-id="${person.id}" data-label="${name}" ` +
            `href="/profile/${person.id}">@${name}</a>`
          );
        })
        .replace(
          /#\[([^\]]+)\]/g,
          (_match, tag: string) =>
            `<a data-type="hashtag" data-label="${tag}" href="/?search=${encodeURIComponent(tag)}">#${tag}</a>`,
        );
      return `<p>${html}</p>`;
    })
    .join('');
}

/** `days` from today at `hour`:00 UTC, as ISO 8601. */
export function daysFromNow(days: number, hour: number, now = new Date()): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

const TICKED = '[x] ';

function memoBody(
  memo: SeedMemo,
  people: Map<PersonKey, Person>,
  collections: Map<string, string>,
) {
  const todos = (memo.todos ?? []).map((line) => ({
    description: line.startsWith(TICKED) ? line.slice(TICKED.length) : line,
  }));
  return {
    title: memo.title,
    description: memo.paragraphs ? richText(memo.paragraphs, people) : null,
    memos_per_collection: memo.collections.map((key) => {
      const id = collections.get(key);
      if (!id) throw new Error(`seed memo "${memo.title}" names unknown collection "${key}"`);
      return `/api/collection/${id}`;
    }),
    memo_todos: todos,
    todo: todos.length > 0,
    memo_tags: memo.tags ?? [],
    location: memo.location ?? null,
    date_event: memo.event ? daysFromNow(memo.event[0], memo.event[1]) : null,
    date_todo_due: memo.dueInDays === undefined ? null : daysFromNow(memo.dueInDays, 18),
    isScheduled: memo.scheduledInDays !== undefined,
    memo_scheduled:
      memo.scheduledInDays === undefined ? null : daysFromNow(memo.scheduledInDays, 6),
  };
}

/** Writes the demo world through the API; answers what it created. */
async function seedWorld(
  app: FastifyInstance,
  accounts: Map<PersonKey, { id: number; profileId: number }>,
  password: string,
) {
  const api = new SeedApi(app);
  const people = new Map<PersonKey, Person>();
  const created: Record<string, number> = {};
  const count = (what: string) => (created[what] = (created[what] ?? 0) + 1);
  const person = (key: PersonKey) => people.get(key) as Person;

  for (const seed of PEOPLE) {
    const pair = await api.call<{ token: string; refresh_token: string }>(
      null,
      'POST',
      '/api/login',
      {
        usermail: seed.usermail,
        password,
      },
    );
    const account = accounts.get(seed.key) as { id: number; profileId: number };
    const signedIn: Person = {
      key: seed.key,
      id: account.id,
      name: seed.name,
      token: pair.token,
      refreshToken: pair.refresh_token,
    };
    people.set(seed.key, signedIn);
    await api.call(signedIn, 'PATCH', `/api/user/profile/${account.profileId}`, seed.profile);
    // Public profiles make Discover › People and /p/profile/{id or slug} worth visiting.
    if (seed.public) await api.call(signedIn, 'POST', '/api/user/profile/public', seed.public);
  }

  for (const link of CONNECTIONS) {
    if (link.how === 'qr') {
      const token = await api.call<{ token: string }>(
        person(link.to),
        'GET',
        '/api/connection-token',
      );
      await api.call(
        person(link.from),
        'GET',
        `/api/qr_connection/${encodeURIComponent(token.token)}/confirm`,
      );
    } else {
      const request = await api.call<{ id: number }>(person(link.from), 'POST', '/api/connection', {
        user_to_email: PEOPLE.find((p) => p.key === link.to)?.usermail,
        personal_message: link.message ?? null,
      });
      await api.call(person(link.to), 'GET', `/api/connection/${request.id}/accept`);
    }
    count('connections');
  }
  for (const request of PENDING) {
    await api.call(person(request.from), 'POST', '/api/connection', {
      user_to_email: PEOPLE.find((p) => p.key === request.to)?.usermail,
      personal_message: request.message,
    });
    count('pending requests');
  }
  for (const follow of FOLLOWS) {
    await api.call(person(follow.follower), 'POST', '/api/follow', {
      following: `/api/user/${person(follow.following).id}`,
    });
    count('follows');
  }

  const collections = new Map<string, string>();
  for (const seed of COLLECTIONS) {
    const collection = await api.call<{ id: string }>(
      person(seed.owner),
      'POST',
      '/api/collection',
      {
        name: seed.name,
        description: seed.description,
        type: seed.type,
        users_per_collection: (seed.selected ?? []).map((key) => `/api/user/${person(key).id}`),
        is_collaboration: seed.collaboration ?? false,
        collaboration_on_checklist: seed.collaboration ?? false,
        group_name: seed.group ?? null,
      },
    );
    collections.set(seed.key, collection.id);
    count('collections');
  }

  for (const seed of MEMOS) {
    const author = person(seed.author);
    const memo = await api.call<{
      id: number;
      memo_todos: Array<{ id: number; description: string }>;
    }>(author, 'POST', '/api/memo', memoBody(seed, people, collections));
    count(seed.scheduledInDays === undefined ? 'memos' : 'scheduled memos');
    const ticker = person(seed.tickedBy ?? seed.author);
    for (const line of seed.todos ?? []) {
      count('todos');
      if (!line.startsWith(TICKED)) continue;
      const todo = memo.memo_todos.find((t) => t.description === line.slice(TICKED.length));
      if (!todo) throw new CliError(`seeding stopped: todo "${line}" of "${seed.title}" not saved`);
      await api.call(ticker, 'GET', `/api/memo/todo/${todo.id}/change`);
      count('ticked todos');
    }
    if (seed.pin) {
      const where = collections.get(seed.collections[0] as string) as string;
      await api.call(author, 'GET', `/api/memo/pin_on_top/${memo.id}?collection=${where}`);
      count('pinned memos');
    }
  }

  for (const favourite of FAVOURITES) {
    const owner = person(favourite.owner);
    if ('contact' in favourite) {
      await api.call(owner, 'POST', '/api/favourite-contact', {
        favouriteUser: `/api/user/${person(favourite.contact).id}`,
      });
    } else {
      await api.call(owner, 'POST', '/api/favourite-collection', {
        collection: `/api/collection/${collections.get(favourite.collection) as string}`,
      });
    }
    count('favourites');
  }

  // The seed's own sessions end; people sign in themselves.
  for (const signedIn of people.values()) {
    await api.call(signedIn, 'POST', '/api/logout', { refresh_token: signedIn.refreshToken });
  }
  return created;
}

/** Seeds the instance (migrating it first); answers what happened. */
export async function seedInstance(instance: Instance, password: string): Promise<SeedSummary> {
  await migrateToLatest(instance.database);
  const existing = await instance.transaction(async (ctx) => {
    const admin = createUserAdminService(ctx);
    const found = await Promise.all(PEOPLE.map((seed) => admin.find(seed.usermail)));
    return PEOPLE.filter((_seed, index) => found[index] !== undefined).map((s) => s.usermail);
  }, 'read');
  if (existing.includes(DEMO_USERMAIL)) {
    return {
      seeded: false,
      message: `Already seeded: the demo account ${DEMO_USERMAIL} exists. Nothing changed.`,
    };
  }
  if (existing.length > 0) {
    throw new CliError(
      `accounts of the demo world exist already (${existing.join(', ')}) but the demo account ` +
        `${DEMO_USERMAIL} does not: seed an instance without them (another DATA_DIR / database)`,
    );
  }

  // Hashing is slow on purpose: done before the write lock is taken.
  const ctx = instance.context();
  const hashes = await Promise.all(PEOPLE.map(() => ctx.passwords.hash(password)));
  const accounts = await instance.transaction(async (trx) => {
    const admin = createUserAdminService(trx);
    const made = new Map<PersonKey, { id: number; profileId: number }>();
    for (const [index, seed] of PEOPLE.entries()) {
      const { userId, profileId } = await admin.create({
        usermail: seed.usermail,
        passwordHash: hashes[index] as string,
        name: seed.name,
        locale: seed.locale,
        country: seed.country,
      });
      const row = await admin.find(String(userId));
      if (!row) throw new CliError(`account ${seed.usermail} vanished while seeding`);
      await grantPlanOrder(trx, userId, seed.plan);
      if (seed.officialName) await admin.verifyIdentity(row, seed.officialName);
      made.set(seed.key, { id: userId, profileId });
    }
    return made;
  });

  const { buildApp } = await import('../app.js');
  const app = await buildApp({
    config: {
      ...instance.config,
      // the API only: no web app files, no rate limit on our own calls
      webDist: path.join(instance.config.dataDir, '.seed-serves-no-web-app'),
      globalRateLimitPerMinute: 1_000_000,
    },
    database: instance.database,
    secrets: ctx.secrets,
    logger: false,
    // invitations and notices to demo addresses are not mailed
    mailTransport: async () => undefined,
  });
  let created: Record<string, number>;
  try {
    await app.ready();
    created = { accounts: PEOPLE.length, ...(await seedWorld(app, accounts, password)) };
  } finally {
    await app.close();
  }
  return {
    seeded: true,
    message: 'Seeded the demo world.',
    sign_in: { url: instance.config.publicUrl, usermail: DEMO_USERMAIL, password },
    accounts: PEOPLE.map((p) => ({
      usermail: p.usermail,
      name: p.name,
      locale: p.locale,
      plan: p.officialName ? `${p.plan}, identity verified` : p.plan,
    })),
    created,
  };
}

export function registerSeedCommand(program: Command, run: RunInstance): void {
  program
    .command('seed')
    .description(
      'fill the instance with demo data (7 people, connections, follows, collections of every ' +
        `type, memos with checklists, tags, places and dates); sign in as ${DEMO_USERMAIL}. ` +
        'Does nothing when the demo account exists',
    )
    .option('--password <password>', 'password of every demo account', DEMO_PASSWORD)
    .option('--json', 'answer in JSON')
    .action(async (options: { password: string; json?: boolean }) => {
      const password = parseArg(strongPasswordSchema, options.password, '--password');
      await run(
        async (instance) => {
          const summary = await seedInstance(instance, password);
          if (options.json) return printJson(summary);
          printLine(summary.message);
          if (!summary.seeded) return;
          printLine(
            Object.entries(summary.created ?? {})
              .map(([what, n]) => `${what}: ${n}`)
              .join(', '),
          );
          printLine();
          printTable(
            ['EMAIL', 'NAME', 'LANGUAGE', 'PLAN'],
            (summary.accounts ?? []).map((a) => [a.usermail, a.name, a.locale, a.plan]),
          );
          printLine();
          printLine(`Every account's password: ${password}`);
          printLine(`Sign in at ${summary.sign_in?.url} as ${DEMO_USERMAIL} / ${password}`);
        },
        { requireMigrated: false, createDatabase: true },
      );
    });
}
