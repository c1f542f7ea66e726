/**
 * Deployment settings, read from the environment. Every setting has a default that needs no
 * setup: `npm start` on a fresh checkout serves the back office on port 8080 with an embedded
 * PGlite database in ./data/pg.
 */
import path from 'node:path';
import { Cron } from 'croner';
import { DEFAULT_UNRELEASED_MENU_IDS } from '../src/domain/menu';
import { readSmsSettings, type SmsSettings } from './services/sms/settings';

export interface Settings {
  port: number;
  host: string;
  /** Folder for everything the server keeps on disk (embedded database, later uploads). */
  dataDir: string;
  /** PostgreSQL connection string; null means the embedded PGlite in `<dataDir>/pg`. */
  databaseUrl: string | null;
  /** Password of the seeded `admin` accounts; null means generate one and print it once. */
  adminInitialPassword: string | null;
  /** Functions this deployment has not released (hidden from clients' menus). */
  unreleasedMenuIds: number[];
  /** Sign-in attempts allowed per client IP per minute. */
  signinRateLimit: number;
  /** Requests per client IP per minute to the public marketing API (/mapi/v1). */
  marketingRateLimit: number;
  /** How long this process reuses a consumer page's data (ms; 0: never); dropped by any write of the process. */
  marketingPageCacheMs: number;
  /** A session ends after this many minutes without a call. */
  sessionIdleMinutes: number;
  /** A session ends this many hours after sign-in, however busy. */
  sessionAbsoluteHours: number;
  /** The built SPA (vite build output); served only when the folder exists. */
  staticDir: string;
  /**
   * Where uploaded and exported files live (FILE_STORE): 'database' (default: a table every node
   * reads, PostgreSQL or the embedded PGlite) or 'folder' (FILES_DIR: one node only).
   */
  fileStore: 'database' | 'folder';
  /** The folder FileStore (FILE_STORE=folder), and where the database store reads files of older versions: FILES_DIR, default `<dataDir>/files`. */
  filesDir: string;
  /** Redis (REDIS_URL): rate limits counted across nodes; null: counted in this process. */
  redisUrl: string | null;
  /** Prefix of this deployment's Redis keys (REDIS_KEY_PREFIX, default 'oioc:'). */
  redisKeyPrefix: string;
  /** Largest upload the server takes per file, whatever a request asks (UPLOAD_MAX_MB). */
  uploadMaxMB: number;
  /** Config's `staticHost`: base URL of uploaded files; '' means this server. */
  staticHost: string;
  /** Config's `defaultDomains`: domains offered to clients' marketing pages. */
  defaultDomains: string[];
  /**
   * Fastify's trustProxy (TRUST_PROXY): behind a load balancer set it ('true', a hop count or
   * a list of proxy addresses) so the sign-in rate limit counts client IPs, not the proxy's.
   */
  trustProxy: boolean | number | string;
  // Issue 25, operable (server/ops): every value checked at start (a bad one stops the start with its name).
  /** Jobs run at once by this process (JOB_WORKERS, default 1; 0: an API-only node). */
  jobWorkers: number;
  /** A job's lease in seconds (JOB_LEASE_SECONDS, default 30). */
  jobLeaseSeconds: number;
  /** pino level (LOG_LEVEL: fatal, error, warn, info, debug, trace, silent; default info). */
  logLevel: string;
  /** Log each request's start and end (LOG_REQUESTS=1). */
  logRequests: boolean;
  /** METRICS_TOKEN: when set, GET /metrics wants `Authorization: Bearer <it>`; unset: open. */
  metricsToken: string | null;
  /** Seconds SIGTERM waits for running jobs before handing them back (SHUTDOWN_GRACE_SECONDS, default 5). */
  shutdownGraceSeconds: number;
  /** Retention (server/ops/retention.ts): cron pattern of the clean-up (RETENTION_SCHEDULE, default hourly at :17). */
  retentionSchedule: string;
  /** Days a finished export report and its file are kept (EXPORT_RETENTION_DAYS, default 7). */
  exportRetentionDays: number;
  /** Days a finished job row is kept (JOB_RETENTION_DAYS, default 30). */
  jobRetentionDays: number;
  /** Hours an expired one-time code is kept (OTP_RETENTION_HOURS, default 24). */
  otpRetentionHours: number;
  /** Full months of the scan log kept besides the current one (SCAN_LOG_RETENTION_MONTHS; 0, the default: all). */
  scanLogRetentionMonths: number;
  /** Who sends members' one-time codes (SMS_PROVIDER and the provider's settings; services/sms). */
  sms: SmsSettings;
  /**
   * Members' social sign-in (issue 29): an OpenID provider that stands in for a platform
   * (SOCIAL_ISSUER_LINE, SOCIAL_ISSUER_FACEBOOK, SOCIAL_ISSUER_GOOGLE: its issuer URL, read by
   * discovery; tests and staging). Unset: the platform's own endpoints (services/social/platforms.ts).
   */
  socialIssuers: SocialIssuers;
  /**
   * TEST_CLOCK=1 (tests only, refused with NODE_ENV=production): the member check-in takes its
   * "now" from the request header x-test-now (an ISO instant), so an e2e test can move days.
   */
  testClock: boolean;
}

type Env = Record<string, string | undefined>;

/** A bad setting: main.ts prints its message alone (the name, what it must be, what it got) and exits 1. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

function text(env: Env, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new SettingsError(`${name} must be a positive integer, got '${raw}'`);
  return n;
}

function nonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new SettingsError(`${name} must be a whole number (0 or more), got '${raw}'`);
  return n;
}

function choice(env: Env, name: string, allowed: readonly string[], fallback: string): string {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!allowed.includes(raw)) throw new SettingsError(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
  return raw;
}

function flag(env: Env, name: string): boolean {
  const raw = text(env, name);
  if (raw === null || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new SettingsError(`${name} must be 1 or 0 (true or false), got '${raw}'`);
}

/** Five or six cron fields (minute hour day month weekday, optional seconds first); checked by croner at start. */
function cronPattern(env: Env, name: string, fallback: string): string {
  const raw = text(env, name) ?? fallback;
  try {
    new Cron(raw, { paused: true }).stop();
  } catch (e) {
    throw new SettingsError(`${name} must be a cron pattern such as '17 * * * *', got '${raw}' (${e instanceof Error ? e.message : String(e)})`);
  }
  return raw;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function list(env: Env, name: string): string[] | null {
  const raw = env[name];
  if (raw === undefined) return null;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

function trustProxy(raw: string | null): boolean | number | string {
  if (raw === null || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

function fileStore(raw: string | null): 'database' | 'folder' {
  if (raw === null || raw === 'database') return 'database';
  if (raw === 'folder') return 'folder';
  throw new Error(`FILE_STORE must be 'database' or 'folder', got '${raw}'`);
}

function testClock(env: Env): boolean {
  const on = text(env, 'TEST_CLOCK') === '1';
  if (on && env.NODE_ENV === 'production') throw new SettingsError('TEST_CLOCK=1 is for tests only and refused with NODE_ENV=production');
  return on;
}

export type SocialIssuers = Partial<Record<'line' | 'facebook' | 'google', string>>;

function socialIssuers(env: Env): SocialIssuers {
  const out: SocialIssuers = {};
  for (const key of ['line', 'facebook', 'google'] as const) {
    const name = `SOCIAL_ISSUER_${key.toUpperCase()}`;
    const raw = text(env, name);
    if (raw === null) continue;
    let url: URL;
    try { url = new URL(raw); } catch { throw new SettingsError(`${name}: '${raw}' is not a URL`); }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SettingsError(`${name}: '${raw}' is not an http(s) URL`);
    out[key] = raw;
  }
  return out;
}

export function readSettings(env: Env = process.env): Settings {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const unreleased = list(env, 'UNRELEASED_MENU_IDS');
  const unreleasedMenuIds = unreleased === null ? [...DEFAULT_UNRELEASED_MENU_IDS] : unreleased.map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n <= 0) throw new SettingsError(`UNRELEASED_MENU_IDS: '${s}' is not a menu id`);
    return n;
  });
  return {
    port: positiveInt(env, 'PORT', 8080),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD ? env.ADMIN_INITIAL_PASSWORD : null,
    unreleasedMenuIds,
    signinRateLimit: positiveInt(env, 'SIGNIN_RATE_LIMIT', 30),
    marketingRateLimit: positiveInt(env, 'MARKETING_RATE_LIMIT', 300),
    marketingPageCacheMs: nonNegativeInt(env, 'MARKETING_PAGE_CACHE_MS', 5000),
    sessionIdleMinutes: positiveInt(env, 'SESSION_IDLE_MINUTES', 120),
    sessionAbsoluteHours: positiveInt(env, 'SESSION_ABSOLUTE_HOURS', 12),
    fileStore: fileStore(text(env, 'FILE_STORE')),
    filesDir: path.resolve(text(env, 'FILES_DIR') ?? path.join(dataDir, 'files')),
    redisUrl: text(env, 'REDIS_URL'),
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'oioc:',
    uploadMaxMB: positiveInt(env, 'UPLOAD_MAX_MB', 20),
    staticDir: path.resolve(text(env, 'STATIC_DIR') ?? './dist'),
    staticHost: text(env, 'STATIC_HOST') ?? '',
    defaultDomains: list(env, 'DEFAULT_DOMAINS') ?? [],
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    jobWorkers: nonNegativeInt(env, 'JOB_WORKERS', 1),
    jobLeaseSeconds: positiveInt(env, 'JOB_LEASE_SECONDS', 30),
    logLevel: choice(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logRequests: flag(env, 'LOG_REQUESTS'),
    metricsToken: text(env, 'METRICS_TOKEN'),
    shutdownGraceSeconds: nonNegativeInt(env, 'SHUTDOWN_GRACE_SECONDS', 5),
    retentionSchedule: cronPattern(env, 'RETENTION_SCHEDULE', '17 * * * *'),
    exportRetentionDays: positiveInt(env, 'EXPORT_RETENTION_DAYS', 7),
    jobRetentionDays: positiveInt(env, 'JOB_RETENTION_DAYS', 30),
    otpRetentionHours: positiveInt(env, 'OTP_RETENTION_HOURS', 24),
    scanLogRetentionMonths: nonNegativeInt(env, 'SCAN_LOG_RETENTION_MONTHS', 0),
    sms: readSmsSettings(env),
    socialIssuers: socialIssuers(env),
    testClock: testClock(env),
  };
}
