import { hkdfSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CART_TIMEOUT_MINUTES_DEFAULT } from '@dihs/contract/cart';
import { DEFAULT_TOKEN_TTL_SECONDS } from '@dihs/contract/common/constants';
import { ROLES, type Role } from '@dihs/contract/common/roles';
import { DEFAULT_DATABASE_WAIT_SECONDS } from './db/database-busy.ts';
import type { MasterKey } from './lib/envelope.ts';
import type { S3Settings } from './lib/object-store/s3-object-store.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const TRUST_PROXY_MESSAGE =
  'erwartet eine Anzahl vertrauenswürdiger Proxys (z. B. 1) oder eine durch Kommas getrennte Liste von IP-Adressen ' +
  'und CIDR-Bereichen (z. B. 10.0.0.0/8, ::1); „true“ ist nicht erlaubt, weil dann jeder Client seine Adresse ' +
  'fälschen kann.';

/** An address or CIDR range as proxy-addr reads it, or one of its names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may name the client in X-Forwarded-For: a hop count (the last N entries were added by our own
 * proxies) or the proxies' addresses. Unset or 0: nobody, the socket's address counts. Trusting every sender
 * (`true`) is refused: any client could then pick the address that the per-address limits count.
 */
const trustProxySchema = z
  .string()
  .trim()
  .refine(
    (value) => /^[0-9]{1,2}$/.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
    TRUST_PROXY_MESSAGE,
  )
  .transform((value): number | string[] =>
    /^[0-9]+$/.test(value) ? Number(value) : value.split(',').map((entry) => entry.trim()),
  );

/** SFU_OHNE_VERSCHLUESSELUNG: refuse a browser that cannot encrypt, or run its session peer-to-peer. */
export const SFU_OHNE_VERSCHLUESSELUNG = ['ablehnen', 'peer-to-peer'] as const;
export type SfuOhneVerschluesselung = (typeof SFU_OHNE_VERSCHLUESSELUNG)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role that owns the tables: runs the migrations, the audit log's retention and grants DATABASE_URL's role its
   * rights at start (issue 31 item 2, docs/operations.md "Database roles"). Unset: DATABASE_URL's role does it all.
   */
  DATABASE_OWNER_URL: z.string().url().optional(),
  /** Connections of the node-postgres pool per instance (issue 16: measured in `npm run bench`, docs/operations.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /**
   * How long a request may wait for the database (a free connection; on PostgreSQL also a statement's run) before
   * it is answered 503 instead of hanging (issue 29, db/database-busy.ts).
   */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(DEFAULT_DATABASE_WAIT_SECONDS),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET muss mindestens 32 Zeichen lang sein.').optional(),
  /**
   * Older JWT secrets still needed to read (tokens until they expire, second-factor keys and local files until
   * rotate-jwt-secret.js re-sealed them), space separated; docs/operations.md "Rotating secrets".
   */
  JWT_SECRETS_PREVIOUS: z
    .string()
    .default('')
    .refine(
      (value) => value.split(/\s+/).every((secret) => secret === '' || secret.length >= 32),
      'Jedes Geheimnis in JWT_SECRETS_PREVIOUS muss mindestens 32 Zeichen lang sein (mehrere durch Leerzeichen getrennt).',
    ),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(DEFAULT_TOKEN_TTL_SECONDS),
  /**
   * Minutes without activity after which a session ends (TR-03161 O.Auth_6/7): therapists and operators, and
   * patients (docs/decisions.md, issue 31 item 6). A video session in progress counts as activity.
   */
  IDLE_TIMEOUT_MINUTES_STAFF: z.coerce.number().int().min(1).max(1440).default(30),
  IDLE_TIMEOUT_MINUTES_PATIENT: z.coerce.number().int().min(1).max(1440).default(60),
  /** How long the account state behind a token is remembered before it is read again. */
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(0).default(10),
  /** Days an audit log entry (access to patient records) is kept; 3 years by default (docs/decisions.md). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(1095),
  /**
   * The oEmbed endpoint asked for a video's thumbnail when an exercise or video is saved; unset: the host's own
   * (Vimeo, YouTube); `off`: never asked. Tests point it at a local stub.
   */
  OEMBED_URL: z.union([z.literal('off'), z.string().url()]).optional(),
  SMTP_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('DiHS Teletherapie <noreply@dihs.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token of GET /metrics (Prometheus); unset: no metrics are measured or served (plugins/metrics.ts). */
  METRICS_TOKEN: z
    .string()
    .min(24, 'METRICS_TOKEN muss mindestens 24 Zeichen lang sein.')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN darf nur sichtbare ASCII-Zeichen enthalten.')
    .optional(),
  /**
   * OpenTelemetry traces exported over OTLP/HTTP to this collector (its base URL, e.g. http://localhost:4318; the
   * exporter appends /v1/traces); unset: no tracing, nothing of the SDK loaded (lib/tracing.ts).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The traces' service.name. */
  OTEL_SERVICE_NAME: z.string().min(1).default('dihs-teletherapie'),
  /**
   * Which requests are traced; read by the SDK itself, checked here so a misspelt sampler stops the start instead of
   * tracing every request (the SDK's silent fallback). Default: every request (parentbased_always_on).
   */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .optional(),
  /** The share of the ratio samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** Login attempts per IP address and minute. */
  LOGIN_RATE_LIMIT_IP: z.coerce.number().int().positive().default(30),
  /** Login attempts per account and minute. */
  LOGIN_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  /** Seed the demo world: unset means only on the embedded database. */
  SEED_DEMO: booleanFlag.optional(),
  /** Origins allowed to embed the app in a frame (app mode), space separated. */
  FRAME_ANCESTORS: z.string().default("'self'"),
  WEB_DIST: z.string().optional(),
  /** Card payments: the built-in test checkout (default) or Stripe Checkout. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another address for Stripe's API (stripe-mock, a test double); unset: Stripe itself. */
  STRIPE_API_URL: z.string().url().optional(),
  /** Addresses that receive the feedback form's mails, comma separated; unset: every active operator account. */
  FEEDBACK_EMPFAENGER: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'keine gültige E-Mail-Adresse')))
    .optional(),
  /** Minutes an unconfirmed or unpaid booking cart holds its seats and credit. */
  CART_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(CART_TIMEOUT_MINUTES_DEFAULT),
  /** How often the appointment reminder job looks for due reminders (e2e tests shorten it). */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the unpaid-cart job looks for carts past their time (CART_TIMEOUT_MINUTES). */
  CART_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Proxies whose X-Forwarded-For is believed; unset: none (the socket's address is the client's). */
  TRUST_PROXY: trustProxySchema.optional(),
  /** Redis for video sessions and rate limits across several server instances; unset: one instance, in memory. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and channel: instances of one deployment share it, test runs use their own. */
  REDIS_KEY_PREFIX: z.string().default('dihs:'),
  /** STUN servers for WebRTC, space separated (stun:host:port). */
  STUN_URLS: z.string().default(''),
  /** TURN relay (turn:host:port), with the shared secret of coturn's REST API (use-auth-secret). */
  TURN_URL: z.string().optional(),
  TURN_SECRET: z.string().optional(),
  /** Janus (SFU of large groups): its WebSocket API as the server reaches it; unset: every session peer-to-peer. */
  JANUS_WS_URL: z.string().url().optional(),
  /** Janus's WebSocket API as the browser reaches it (default JANUS_WS_URL). */
  JANUS_PUBLIC_WS_URL: z.string().url().optional(),
  /**
   * Janus's api_secret (the server's requests; browsers send their own token instead), its admin API (WebSocket,
   * e.g. ws://127.0.0.1:7188) with the admin_secret (the browsers' tokens are added and removed there), and the
   * VideoRoom admin_key (room creation); see scripts/janus.mjs. All four are needed with JANUS_WS_URL.
   */
  JANUS_API_SECRET: z.string().optional(),
  JANUS_ADMIN_WS_URL: z.string().url().optional(),
  JANUS_ADMIN_SECRET: z.string().optional(),
  JANUS_ADMIN_KEY: z.string().optional(),
  /** Sessions with more participants than this (seats plus the therapist) go through Janus when it is set up. */
  SFU_FROM_PARTICIPANTS: z.coerce.number().int().min(2).max(1000).default(4),
  /**
   * A member whose browser cannot encrypt end to end joins a session through Janus: `ablehnen` refuses that member,
   * `peer-to-peer` runs the whole session peer-to-peer from then on. Never unencrypted media through Janus.
   */
  SFU_OHNE_VERSCHLUESSELUNG: z.enum(SFU_OHNE_VERSCHLUESSELUNG).default('ablehnen'),
  /** Lifetime of the TURN credentials handed to a browser. */
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** After SIGTERM: how long requests in flight may finish before the remaining connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  /** Time to receive one whole request, body included (a slow upload ends with 408 after it). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Master key of the health documents (32 bytes, base64); generated into DATA_DIR for the embedded start. */
  FILE_MASTER_KEY: z.string().optional(),
  /** The version stored beside each wrapped data key; raise it with every new FILE_MASTER_KEY. */
  FILE_MASTER_KEY_VERSION: z.coerce.number().int().min(1).default(1),
  /** Older master keys still needed to read until the rotation has re-wrapped: "version:base64", space separated. */
  FILE_MASTER_KEYS_PREVIOUS: z.string().default(''),
  /** Where file contents live: PostgreSQL (default) or an S3-compatible object store (the S3_* variables). */
  FILE_STORE: z.enum(['postgres', 's3']).default('postgres'),
  /** The S3 service's address; unset: AWS itself for S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('eu-central-1'),
  /** Unset: the SDK's default chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path rather than the host name (MinIO, Ceph and most self-hosted services need it). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Roles that must have a second factor (comma list, or `none`). Unset: BETREIBER on a database server
   * (DATABASE_URL), none on the embedded demo database, so the printed demo logins keep working.
   */
  REQUIRE_2FA_ROLES: z
    .string()
    .trim()
    .transform((value) =>
      value.toLowerCase() === 'none'
        ? []
        : value
            .split(',')
            .map((role) => role.trim().toUpperCase())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(ROLES, { message: `erwartet Rollen aus ${ROLES.join(', ')} oder none` })))
    .optional(),
});

/** Every environment variable the server reads; README.md's configuration table names each (config-readme.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface JanusConfig {
  url: string;
  publicUrl: string;
  apiSecret: string;
  adminUrl: string;
  adminSecret: string;
  adminKey: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_OWNER_URL: migrations, retention and the runtime role's rights; undefined: one role for everything. */
  databaseOwnerUrl: string | undefined;
  databasePoolSize: number;
  databaseWaitSeconds: number;
  dataDir: string;
  jwtSecret: string;
  /** JWT_SECRETS_PREVIOUS: older secrets, read only (tokens, second-factor keys, local files); never signs or seals. */
  jwtSecretsPrevious: string[];
  tokenTtlSeconds: number;
  sessionCheckSeconds: number;
  /** Seconds without activity after which a session of the role ends (IDLE_TIMEOUT_MINUTES_*). */
  idleTimeoutSeconds: Record<Role, number>;
  auditRetentionDays: number;
  /** See OEMBED_URL: undefined asks the video host itself, null never asks. */
  oembedUrl: string | null | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  mailFrom: string;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token of /metrics; undefined: metrics off. */
  metricsToken: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: traces on (main.ts starts lib/tracing.ts); undefined: off. */
  otlpEndpoint: string | undefined;
  /** OTEL_SERVICE_NAME. */
  otelServiceName: string;
  loginRateLimitIp: number;
  loginRateLimitAccount: number;
  seedDemo: boolean;
  frameAncestors: string[];
  webDist: string | undefined;
  paymentProvider: 'sandbox' | 'stripe';
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  /** Recipients of feedback mails; empty: every active operator account. */
  feedbackRecipients: string[];
  cartTimeoutMinutes: number;
  reminderIntervalSeconds: number;
  cartExpiryIntervalSeconds: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Fastify's trustProxy: false (default), a hop count or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  stunUrls: string[];
  turnUrl: string | undefined;
  turnSecret: string | undefined;
  turnTtlSeconds: number;
  /** Janus as the SFU of large groups (null: every session peer-to-peer). */
  janus: JanusConfig | null;
  sfuFromParticipants: number;
  /** What a session through Janus does for a member whose browser cannot encrypt (SFU_OHNE_VERSCHLUESSELUNG). */
  sfuOhneVerschluesselung: SfuOhneVerschluesselung;
  shutdownGraceSeconds: number;
  requestTimeoutSeconds: number;
  /** Accounts of these roles without a second factor may only set one up (plugins/second-factor-setup.ts). */
  requireSecondFactorRoles: Role[];
  /** The master keys of the health documents' envelope encryption (lib/envelope.ts). */
  fileMasterKeys: { current: MasterKey; previous: MasterKey[] };
  /** Where file contents live (lib/object-store): PostgreSQL, or S3 with its settings. */
  fileStore: { kind: 'postgres' } | ({ kind: 's3' } & S3Settings);
}

/** Reads the JWT secret from the data directory, creating it on first start (embedded mode only). */
function storedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A master key from base64; exactly 32 bytes. */
function masterKeyOf(version: number, base64: string, name: string): MasterKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error(`Ungültige Konfiguration: ${name} muss 32 Bytes (base64) lang sein.`);
  return { version, key };
}

/**
 * The health documents' master keys: from the environment; in tests derived from the JWT secret; in embedded mode
 * generated once into the data folder; required in production with a database server.
 */
function fileMasterKeys(
  e: { NODE_ENV: string; DATABASE_URL?: string | undefined; FILE_MASTER_KEY?: string | undefined } & {
    FILE_MASTER_KEY_VERSION: number;
    FILE_MASTER_KEYS_PREVIOUS: string;
  },
  dataDir: string,
  jwtSecret: string,
): { current: MasterKey; previous: MasterKey[] } {
  const previous = e.FILE_MASTER_KEYS_PREVIOUS.split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [version, base64] = entry.split(':');
      const number = Number(version);
      if (!Number.isInteger(number) || number < 1 || !base64) {
        throw new Error('Ungültige Konfiguration: FILE_MASTER_KEYS_PREVIOUS erwartet "Version:base64".');
      }
      return masterKeyOf(number, base64, 'FILE_MASTER_KEYS_PREVIOUS');
    });
  const version = e.FILE_MASTER_KEY_VERSION;
  if (e.FILE_MASTER_KEY) return { current: masterKeyOf(version, e.FILE_MASTER_KEY, 'FILE_MASTER_KEY'), previous };
  if (e.NODE_ENV === 'production' && e.DATABASE_URL) {
    throw new Error('Ungültige Konfiguration: FILE_MASTER_KEY ist im Produktivbetrieb mit DATABASE_URL Pflicht.');
  }
  if (e.NODE_ENV === 'test') {
    const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'dihs-file-master-key', 'test only', 32));
    return { current: { version, key }, previous };
  }
  const file = path.join(dataDir, 'file-master-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return { current: masterKeyOf(version, readFileSync(file, 'utf8').trim(), file), previous };
}

/** Parses the environment once; throws a German message naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (shells and CI often export VAR= to clear one).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Ungültige Konfiguration: ${details}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Embedded mode keeps a generated secret in the data folder; a production database needs a managed one.
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.JWT_SECRET) {
    throw new Error('Ungültige Konfiguration: JWT_SECRET ist im Produktivbetrieb mit DATABASE_URL Pflicht.');
  }
  if (e.TURN_URL && !e.TURN_SECRET) {
    throw new Error('Ungültige Konfiguration: TURN_URL braucht TURN_SECRET.');
  }
  const janusNeeds = ['JANUS_API_SECRET', 'JANUS_ADMIN_WS_URL', 'JANUS_ADMIN_SECRET', 'JANUS_ADMIN_KEY'] as const;
  const janusMissing = janusNeeds.filter((name) => !e[name]);
  if (e.JANUS_WS_URL && janusMissing.length > 0) {
    throw new Error(`Ungültige Konfiguration: JANUS_WS_URL braucht ${janusMissing.join(', ')}.`);
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Ungültige Konfiguration: PAYMENT_PROVIDER=stripe braucht STRIPE_SECRET_KEY und STRIPE_WEBHOOK_SECRET.',
    );
  }
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET) {
    throw new Error('Ungültige Konfiguration: FILE_STORE=s3 braucht S3_BUCKET.');
  }
  const jwtSecret = e.JWT_SECRET ?? storedJwtSecret(dataDir);
  const jwtSecretsPrevious = e.JWT_SECRETS_PREVIOUS.split(/\s+/).filter(
    (secret) => secret !== '' && secret !== jwtSecret,
  );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_URL ? e.DATABASE_OWNER_URL : undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    dataDir,
    jwtSecret,
    jwtSecretsPrevious,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sessionCheckSeconds: e.SESSION_CHECK_SECONDS,
    idleTimeoutSeconds: {
      PATIENT: e.IDLE_TIMEOUT_MINUTES_PATIENT * 60,
      THERAPEUT: e.IDLE_TIMEOUT_MINUTES_STAFF * 60,
      BETREIBER: e.IDLE_TIMEOUT_MINUTES_STAFF * 60,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    oembedUrl: e.OEMBED_URL === 'off' ? null : e.OEMBED_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    otelServiceName: e.OTEL_SERVICE_NAME,
    loginRateLimitIp: e.LOGIN_RATE_LIMIT_IP,
    loginRateLimitAccount: e.LOGIN_RATE_LIMIT_ACCOUNT,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    frameAncestors: e.FRAME_ANCESTORS.split(/\s+/).filter(Boolean),
    webDist: e.WEB_DIST,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL,
    feedbackRecipients: e.FEEDBACK_EMPFAENGER ?? [],
    cartTimeoutMinutes: e.CART_TIMEOUT_MINUTES,
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
    cartExpiryIntervalSeconds: e.CART_EXPIRY_INTERVAL_SECONDS,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY === undefined || e.TRUST_PROXY === 0 ? false : e.TRUST_PROXY,
    stunUrls: e.STUN_URLS.split(/\s+/).filter(Boolean),
    turnUrl: e.TURN_URL,
    turnSecret: e.TURN_SECRET,
    turnTtlSeconds: e.TURN_TTL_SECONDS,
    janus: e.JANUS_WS_URL
      ? {
          url: e.JANUS_WS_URL,
          publicUrl: e.JANUS_PUBLIC_WS_URL ?? e.JANUS_WS_URL,
          apiSecret: e.JANUS_API_SECRET!,
          adminUrl: e.JANUS_ADMIN_WS_URL!,
          adminSecret: e.JANUS_ADMIN_SECRET!,
          adminKey: e.JANUS_ADMIN_KEY!,
        }
      : null,
    sfuFromParticipants: e.SFU_FROM_PARTICIPANTS,
    sfuOhneVerschluesselung: e.SFU_OHNE_VERSCHLUESSELUNG,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    requireSecondFactorRoles: e.REQUIRE_2FA_ROLES ?? (e.DATABASE_URL ? ['BETREIBER'] : []),
    fileMasterKeys: fileMasterKeys(e, dataDir, jwtSecret),
    fileStore:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'postgres' },
  };
}
