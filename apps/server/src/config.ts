import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { ACCOUNT, LIMITS } from '@memoria/domain';

/** The server package folder, from src/ (tsx, vitest) and from dist/ (the bundle) alike. */
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
/** An on/off switch: 1, true, yes or on (any case) is on; anything else or unset is off. */
const flag = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value) => ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase())),
);

/**
 * TRUST_PROXY: unset/false/0 = off (X-Forwarded-For is ignored), true = trust every hop,
 * a number = trust that many hops, anything else = a list of trusted addresses or CIDRs.
 */
const trustProxySchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value): boolean | number | string => {
      if (value === undefined) return false;
      const lower = value.trim().toLowerCase();
      if (lower === 'false' || lower === '0' || lower === 'off' || lower === 'no') return false;
      if (lower === 'true' || lower === 'on' || lower === 'yes') return true;
      if (/^\d+$/.test(lower)) return Number(lower);
      return value.trim();
    }),
);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  // Unset: http://localhost:<PORT>, so links in mails work on a local instance on any port.
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalString,
  // PostgreSQL only: the schema holding the tables (default: the server's search_path).
  DATABASE_SCHEMA: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be a plain schema name')
      .optional(),
  ),
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Memoria <no-reply@localhost>')),
  UPLOAD_LIMIT_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(LIMITS.uploadLimitMbDefault),
  ),
  // S3-compatible object storage for media; unset: files under DATA_DIR/media.
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: optionalString,
  // Where the location picker's map tiles come from (the web build reads VITE_MAP_TILE_URL,
  // same default); its origin is allowed in the Content-Security-Policy's img-src.
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  JWT_SECRET: optionalString,
  // How long notification e-mails wait to go out together as one digest.
  NOTIFICATION_EMAIL_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000)
      .default(120_000),
  ),
  // SQLite's commit: FULL waits for the disk (a power cut loses nothing answered); NORMAL
  // does not (a power cut may lose the last commits, never the database's consistency).
  SQLITE_SYNCHRONOUS: z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? value.toLowerCase() : undefined),
    z.enum(['full', 'normal']).default('full'),
  ),
  // PostgreSQL connections per server process: a request holding a connection across round
  // trips while others wait for one was the messenger's limit at 300 sends a second
  // (docs/PERFORMANCE.md, Messenger).
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(500).default(20),
  ),
  // Memory for kept answers of hot reads (http/answer-cache.ts); 0 turns the cache off.
  ANSWER_CACHE_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(4096).default(64),
  ),
  // Server processes on this machine (processes.ts): more than one puts the other cores to
  // work; they share the database, and without REDIS_URL their live events go through the
  // primary process.
  SERVER_PROCESSES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(64).default(1),
  ),
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().positive().default(1200),
  ),
  // Link previews and the image proxy: host names, addresses or CIDR ranges that may be
  // fetched even though they are private or local (comma-separated), or all of them.
  FETCH_ALLOW_HOSTS: optionalString,
  FETCH_ALLOW_PRIVATE: flag,
  // People may make a workspace or group without buying its plan (a private instance).
  WORKSPACES_WITHOUT_PLAN: flag,
  // The account (docs/RULES.md, The account): days between a deletion request and the
  // deletion (signing in meanwhile cancels it); where the help links point; the operator's
  // own help links and privacy policy texts (README.md, Configuration).
  ACCOUNT_DELETION_GRACE_DAYS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(365).default(ACCOUNT.deletionGraceDaysDefault),
  ),
  HELP_SITE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://memoria.example')),
  HELP_LINKS_FILE: optionalString,
  PRIVACY_POLICY_DIR: optionalString,
  // The external identity service (docs/notes/identity-verification.md): OpenID Connect
  // discovery at the issuer, this instance registered there as a confidential client with
  // the redirect URI <PUBLIC_URL>/api/pim/callback. Unset: verification and external
  // sign-in are refused. The name is what the sign-in button says (default: the issuer's host).
  OIDC_ISSUER: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
      .optional(),
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: optionalString,
  // Payments (docs/notes/subscriptions.md): 'local' (the default) is a checkout page of this
  // server, for trying it out; 'mollie' takes real payments with MOLLIE_API_KEY.
  // MOLLIE_API_ENDPOINT points the client at another address (tests run a fake Mollie).
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['local', 'mollie']).default('local')),
  MOLLIE_API_KEY: optionalString,
  MOLLIE_API_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  // who the invoices name as seller
  SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().default('Memoria')),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().default('')),
  SELLER_VAT_NUMBER: z.preprocess(emptyAsUndefined, z.string().default('')),
  // Web push (VAPID): the key pair (base64url, as web-push generates them) and the contact
  // the push services see. Unset keys: a pair is generated on first start, kept in
  // DATA_DIR/vapid.json. Unset subject: PUBLIC_URL when https, else mailto: MAIL_FROM.
  // Video calls (docs/notes/calls.md): STUN and TURN servers handed to the browsers
  // (comma-separated URLs); TURN credentials are derived from TURN_SECRET, the shared secret
  // of coturn's use-auth-secret. LIVEKIT_*: rooms on a LiveKit server instead of a mesh.
  STUN_URLS: optionalString,
  TURN_URLS: optionalString,
  TURN_SECRET: optionalString,
  LIVEKIT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => /^(wss?|https?):\/\/\S+$/.test(v), 'must be a ws(s) or http(s) URL')
      .optional(),
  ),
  LIVEKIT_API_KEY: optionalString,
  LIVEKIT_API_SECRET: optionalString,
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine(
        (v) => /^(https:\/\/|mailto:)\S+$/.test(v),
        'must be an https: URL or a mailto: address',
      )
      .optional(),
  ),
});

export type DatabaseTarget =
  | {
      kind: 'sqlite';
      file: string;
      /** FULL (the default): a commit is on disk before it is answered; NORMAL: see README */
      synchronous?: 'full' | 'normal';
    }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

/** Object storage for media (README.md, Configuration); absent: local disk under DATA_DIR/media. */
export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com or a MinIO address; unset: AWS by region */
  endpoint?: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  region: string;
}

/** Video calls: where browsers find each other, and an optional LiveKit server. */
export interface CallsConfig {
  stunUrls: string[];
  turnUrls: string[];
  /** coturn's static-auth-secret; without it TURN_URLS are not handed out */
  turnSecret?: string;
  livekit?: { url: string; apiKey: string; apiSecret: string };
  /**
   * How long someone who joined has to open the call socket; after that they count as gone
   * (a closed tab before connecting would otherwise keep the call running).
   */
  socketGraceMs: number;
  /**
   * How often an instance vouches for the call sockets it holds (default 30 s); someone
   * nobody vouched for in three of these (and at least socketGraceMs) is let go by the sweep.
   */
  heartbeatMs?: number;
}

/** An OpenID Connect provider this instance is a confidential client of. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** what the sign-in button names */
  name: string;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  uploadLimitMb: number;
  s3?: S3Config;
  trustProxy: boolean | number | string;
  logLevel: string;
  webDist: string;
  /** the map tile URL template; its origin may serve images to the web app */
  mapTileUrl: string;
  jwtSecret?: string;
  /**
   * Memory for the answer cache in MB; 0 turns it off. It stays on with REDIS_URL: instances
   * hear each other's commits through the database (README, ANSWER_CACHE_MB).
   */
  answerCacheMb: number;
  /** notification e-mails of a person wait this long to go out together (one digest) */
  notificationEmailDelayMs: number;
  /** 'fast' only in tests: argon2 with a tiny memory and time cost. */
  passwordHashing: 'standard' | 'fast';
  /**
   * Requests per minute per client address over the whole API (a generous safety net). Each
   * server process counts its own unless REDIS_URL is set.
   */
  globalRateLimitPerMinute: number;
  /** SERVER_PROCESSES: how many server processes main.ts starts (1 when absent) */
  serverProcesses?: number;
  /**
   * What the guarded fetch client (link previews, image proxy) may reach beyond the public
   * internet: host names, addresses or CIDR ranges (FETCH_ALLOW_HOSTS), or every private
   * and local address (FETCH_ALLOW_PRIVATE=1, for tests and closed networks).
   */
  fetch: { allowHosts: string[]; allowPrivate: boolean };
  /**
   * POST /api/create-workspace for anyone the rule allows, without a plan (WORKSPACES_WITHOUT_PLAN);
   * otherwise a workspace comes with the order of its plan, since a workspace account has
   * the Silver rules (docs/notes/workspaces.md).
   */
  workspacesWithoutPlan: boolean;
  /** The account's self-service and the help and legal documents (modules/account). */
  account: {
    deletionGraceDays: number;
    helpSiteUrl: string;
    /** JSON: {"<locale or *>": {"<document type>": "<url>"}} overriding the default links */
    helpLinksFile?: string;
    /** a folder of privacy-policy.<locale>.md (or .txt) files replacing the shipped text */
    privacyPolicyDir?: string;
  };
  /** The external identity service (modules/identity); absent: not configured. */
  oidc?: OidcConfig;
  /** Video calls (modules/calls). */
  calls: CallsConfig;
  /** How plans are paid (modules/payments). */
  payments: { provider: 'local' } | { provider: 'mollie'; apiKey: string; apiEndpoint?: string };
  /** the seller the invoices name */
  seller: { name: string; address: string; vatNumber: string };
  /** Web push keys; absent keys are generated once and kept in DATA_DIR (modules/push). */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: databaseTarget(
      e.DATABASE_URL,
      dataDir,
      e.DATABASE_SCHEMA,
      e.SQLITE_SYNCHRONOUS,
      e.DATABASE_POOL_SIZE,
    ),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    uploadLimitMb: e.UPLOAD_LIMIT_MB,
    s3: s3Config(e),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(packageDir, '../web/dist'),
    mapTileUrl: e.MAP_TILE_URL,
    jwtSecret: e.JWT_SECRET,
    answerCacheMb: e.ANSWER_CACHE_MB,
    notificationEmailDelayMs: e.NOTIFICATION_EMAIL_DELAY_MS,
    passwordHashing: 'standard',
    globalRateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    serverProcesses: e.SERVER_PROCESSES,
    fetch: {
      allowHosts: (e.FETCH_ALLOW_HOSTS ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
      allowPrivate: e.FETCH_ALLOW_PRIVATE,
    },
    workspacesWithoutPlan: e.WORKSPACES_WITHOUT_PLAN,
    vapid: vapidConfig(e, publicUrl),
    calls: callsConfig(e),
    payments: paymentsConfig(e),
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, vatNumber: e.SELLER_VAT_NUMBER },
    ...oidcConfig(e),
    account: {
      deletionGraceDays: e.ACCOUNT_DELETION_GRACE_DAYS,
      helpSiteUrl: e.HELP_SITE_URL.replace(/\/+$/, ''),
      ...(e.HELP_LINKS_FILE ? { helpLinksFile: path.resolve(e.HELP_LINKS_FILE) } : {}),
      ...(e.PRIVACY_POLICY_DIR ? { privacyPolicyDir: path.resolve(e.PRIVACY_POLICY_DIR) } : {}),
    },
  };
}

function vapidConfig(e: z.infer<typeof envSchema>, publicUrl: string): AppConfig['vapid'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  const subject =
    e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${address}`);
  return {
    ...(e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY } : {}),
    ...(e.VAPID_PRIVATE_KEY ? { privateKey: e.VAPID_PRIVATE_KEY } : {}),
    subject,
  };
}

const urlList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

function callsConfig(e: z.infer<typeof envSchema>): CallsConfig {
  const turnUrls = urlList(e.TURN_URLS);
  if (turnUrls.length > 0 && !e.TURN_SECRET) {
    throw new ConfigError('TURN_URLS needs TURN_SECRET');
  }
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = e;
  if ((url || apiKey || apiSecret) && !(url && apiKey && apiSecret)) {
    throw new ConfigError('LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET go together');
  }
  return {
    stunUrls: urlList(e.STUN_URLS),
    socketGraceMs: 60_000,
    turnUrls,
    ...(e.TURN_SECRET ? { turnSecret: e.TURN_SECRET } : {}),
    ...(url && apiKey && apiSecret ? { livekit: { url, apiKey, apiSecret } } : {}),
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): AppConfig['payments'] {
  if (e.PAYMENT_PROVIDER === 'local') return { provider: 'local' };
  if (!e.MOLLIE_API_KEY) throw new ConfigError('PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY');
  return {
    provider: 'mollie',
    apiKey: e.MOLLIE_API_KEY,
    ...(e.MOLLIE_API_ENDPOINT ? { apiEndpoint: e.MOLLIE_API_ENDPOINT } : {}),
  };
}

function oidcConfig(e: z.infer<typeof envSchema>): { oidc?: OidcConfig } {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = e;
  if (!issuer && !clientId && !clientSecret) return {};
  if (!issuer || !clientId || !clientSecret) {
    throw new ConfigError('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  const name = e.OIDC_PROVIDER_NAME?.trim() || new URL(issuer).hostname;
  return { oidc: { issuer, clientId, clientSecret, name } };
}

function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY || e.S3_SECRET_KEY) {
      throw new ConfigError('S3_BUCKET is needed when S3_ENDPOINT or S3 keys are set');
    }
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY) !== Boolean(e.S3_SECRET_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY and S3_SECRET_KEY go together');
  }
  return {
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    bucket: e.S3_BUCKET,
    ...(e.S3_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY } : {}),
    ...(e.S3_SECRET_KEY ? { secretAccessKey: e.S3_SECRET_KEY } : {}),
    region: e.S3_REGION,
  };
}

function databaseTarget(
  url: string | undefined,
  dataDir: string,
  schema: string | undefined,
  synchronous: 'full' | 'normal' = 'full',
  poolSize?: number,
): DatabaseTarget {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'memoria.db'), synchronous };
  if (/^postgres(ql)?:\/\//i.test(url)) {
    return {
      kind: 'postgres',
      url,
      ...(schema ? { schema } : {}),
      ...(poolSize ? { poolSize } : {}),
    };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', file: path.resolve(file), synchronous };
  }
  throw new ConfigError('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
}
