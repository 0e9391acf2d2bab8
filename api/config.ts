// Configuration from the environment, parsed once at boot: a bad value stops the boot with a clear message.
import { z } from 'zod';

import { PROBE_REGION_PATTERN, PROBE_REGION_RULE } from '../contract/probe-agents.ts';

export { PRODUCT_NAME } from '../contract/product.ts';

export type RateLimitRule = { points: number; seconds: number };
const rateRule = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like <requests>/<seconds>, e.g. 30/3600')
  .transform((v): RateLimitRule => {
    const [points, seconds] = v.split('/').map(Number);
    return { points, seconds };
  })
  .refine((r) => r.points >= 1 && r.seconds >= 1, 'requests and seconds must be at least 1');

/**
 * Abuse limits, generous enough that a person never meets them; counted per signed-in user, else per
 * client address (api/middleware/rate-limit.ts).
 */
export const RATE_LIMIT_DEFAULTS = {
  signIn: { points: 30, seconds: 600 },
  reviews: { points: 30, seconds: 3600 },
  votes: { points: 300, seconds: 3600 },
  profile: { points: 30, seconds: 3600 },
  contact: { points: 10, seconds: 3600 },
  // Outbound clicks counted per address and provider: more visits through /r/{id} are still redirected,
  // they just stop inflating the provider's click statistics.
  clicks: { points: 10, seconds: 3600 },
} satisfies Record<string, RateLimitRule>;
export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z.string().default('admin@example.com'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  // Each abuse limit as "<requests>/<seconds>" (see RATE_LIMIT_DEFAULTS).
  RATE_LIMIT_SIGN_IN: rateRule.optional(),
  RATE_LIMIT_REVIEWS: rateRule.optional(),
  RATE_LIMIT_VOTES: rateRule.optional(),
  RATE_LIMIT_PROFILE: rateRule.optional(),
  RATE_LIMIT_CONTACT: rateRule.optional(),
  RATE_LIMIT_CLICKS: rateRule.optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOCAL_LOGIN: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PROBES: z.enum(['on', 'off']).default('on'),
  // Seconds between two probes of one endpoint; each endpoint keeps its own random phase within it.
  PROBE_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(600),
  PROBE_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  // The region the site's own prober measures from, beside the probe agents' regions.
  PROBE_REGION: z.string().regex(PROBE_REGION_PATTERN, PROBE_REGION_RULE).default('server'),
});

export type Config = {
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  google: { clientId: string; clientSecret: string } | undefined;
  adminEmails: string[];
  sessionSecret: string | undefined;
  rateLimits: boolean;
  rateLimitRules: Record<RateLimitName, RateLimitRule>;
  production: boolean;
  localLoginAllowedInProduction: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  probes: { enabled: boolean; intervalS: number; allowPrivate: boolean; region: string };
};

/** Reads `.env` into process.env when present (real environment variables win). */
export function loadDotEnv(file = '.env') {
  try {
    process.loadEnvFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new Error('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.PROBE_ALLOW_PRIVATE === '1' && e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  PROBE_ALLOW_PRIVATE=1 is refused with NODE_ENV=production');
  }
  return {
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    sessionSecret: e.SESSION_SECRET,
    rateLimits: e.RATE_LIMITS === 'on',
    rateLimitRules: {
      signIn: e.RATE_LIMIT_SIGN_IN ?? RATE_LIMIT_DEFAULTS.signIn,
      reviews: e.RATE_LIMIT_REVIEWS ?? RATE_LIMIT_DEFAULTS.reviews,
      votes: e.RATE_LIMIT_VOTES ?? RATE_LIMIT_DEFAULTS.votes,
      profile: e.RATE_LIMIT_PROFILE ?? RATE_LIMIT_DEFAULTS.profile,
      contact: e.RATE_LIMIT_CONTACT ?? RATE_LIMIT_DEFAULTS.contact,
      clicks: e.RATE_LIMIT_CLICKS ?? RATE_LIMIT_DEFAULTS.clicks,
    },
    production: e.NODE_ENV === 'production',
    localLoginAllowedInProduction: e.LOCAL_LOGIN === '1',
    logLevel: e.LOG_LEVEL,
    probes: {
      enabled: e.PROBES === 'on',
      intervalS: e.PROBE_INTERVAL_S,
      allowPrivate: e.PROBE_ALLOW_PRIVATE === '1',
      region: e.PROBE_REGION,
    },
  };
}
