import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { DatabaseOptions } from "@/db/client";
import { log, LOG_LEVELS } from "@/lib/logger";

const envSchema = z.object({
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  PGLITE_DATA_DIR: z.string().optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  TOKEN_TTL_DAYS: z.coerce.number().int().positive().optional().or(z.literal("").transform(() => undefined)),
  /** Seconds between fulfilment steps of the simulator; 0 turns it off. */
  FULFILMENT_STEP_SECONDS: z.coerce.number().int().min(0).optional().or(z.literal("").transform(() => undefined)),
  CARDMAIL_SEED: z.enum(["demo", "none"]).optional(),
  /** PostgreSQL connections per instance; db/client.ts raises it to the 2 that start-up needs. */
  DB_POOL_MAX: z.coerce.number().int().positive().optional().or(z.literal("").transform(() => undefined)),
  /**
   * Proxies in front of the app whose X-Forwarded-For entries are trusted (0: none, the socket's
   * address is the client's). Too high lets clients choose their address; see clientIp().
   */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).default(0),
  /** Sign-ups allowed from one client address an hour (default 10); 0 turns the limit off. */
  SIGN_UP_LIMIT: z.coerce.number().int().min(0).optional().or(z.literal("").transform(() => undefined)),
  /** Reset and email-change mails asked for from one client address an hour (default 5); 0 turns that limit off. */
  ACCOUNT_MAIL_LIMIT: z.coerce.number().int().min(0).optional().or(z.literal("").transform(() => undefined)),
  /**
   * Requests a minute each API token may make (lib/api/rate-limit.ts); 0 turns the limit off,
   * for load tests.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(0).default(1200),
  PORT: z.coerce.number().int().min(0).max(65535).optional().or(z.literal("").transform(() => undefined)),
  /** The origin of every absolute URL the app writes (card images, pagination links). */
  APP_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "APP_URL must be an http or https URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** How much the JSON log lines say: fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  /** The bearer token of GET /api/metrics; unset, the route answers 404. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional().or(z.literal("").transform(() => undefined)),
  /** Stripe's secret API key: "Add credit" opens Stripe Checkout. */
  STRIPE_SECRET_KEY: z.string().optional().or(z.literal("").transform(() => undefined)),
  /** The signing secret of the Stripe webhook endpoint (/api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().optional().or(z.literal("").transform(() => undefined)),
  /**
   * Where the Stripe client sends its requests instead of api.stripe.com (stripe-mock, or a test
   * server); an http or https URL.
   */
  STRIPE_API_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), "STRIPE_API_URL must be an http or https URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** true: the credit page offers a demo top-up that adds credit at once, without payment. */
  DEMO_PAYMENTS: z
    .enum(["true", "false"])
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => value === "true"),
  /**
   * Lets webhook URLs use http and private, loopback or link-local addresses: for development
   * and tests only, never in production (server-side request forgery).
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(["true", "false"])
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => value === "true"),
  /**
   * Seconds between the attempts of a failed webhook delivery, comma separated (default
   * 5,300,1800,7200,18000,36000,36000); the benchmark shortens them.
   */
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^\d+(,\d+)*$/, "WEBHOOK_RETRY_DELAYS must be seconds separated by commas")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * The SMTP server mail is sent through (smtp://user:pass@host:587, or smtps:// for TLS from the
   * first byte). Unset: mail is kept in the database and read by administrators at /admin/mail.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The From of every mail ("Cardmail <hello@example.com>"); default: no-reply at APP_URL's host. */
  MAIL_FROM: z.string().min(3).max(255).optional().or(z.literal("").transform(() => undefined)),
  DB_PREPARE: z
    .enum(["true", "false"])
    .optional()
    .or(z.literal("").transform(() => undefined))
    .transform((value) => value !== "false"),
});

export type AppConfig = z.infer<typeof envSchema>;

let cached: AppConfig | undefined;

/** Environment, validated once: a bad value stops the process with a message naming it. */
export function config(): AppConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Forgets the validated environment, for tests that change process.env. */
export function resetConfig(): void {
  cached = undefined;
}

/**
 * The origin absolute URLs start with: APP_URL, else http://localhost:$PORT. Never a request
 * header, which a client chooses (X-Forwarded-Host: evil.example would reach image URLs).
 */
export function appOrigin(): string {
  const { APP_URL, PORT } = config();
  return APP_URL ? new URL(APP_URL).origin : `http://localhost:${PORT ?? 3000}`;
}

/** The From address of outgoing mail: MAIL_FROM, else Cardmail <no-reply@the app's host>. */
export function mailFrom(): string {
  const configured = config().MAIL_FROM;
  if (configured) return configured;
  return `Cardmail <no-reply@${new URL(appOrigin()).hostname}>`;
}

/** The database settings of the environment, for whoever opens the process's database. */
export function databaseOptions(): DatabaseOptions {
  const { DB_POOL_MAX, DB_PREPARE } = config();
  return { poolMax: DB_POOL_MAX, prepare: DB_PREPARE };
}

let secret: string | undefined;

/**
 * The key that signs API tokens, browser sessions and cursors. Without AUTH_SECRET a key is
 * generated once and kept in .data/ so that tokens survive restarts of this one machine.
 */
export function authSecret(): string {
  if (secret) return secret;
  const fromEnv = config().AUTH_SECRET;
  if (fromEnv) return (secret = fromEnv);
  const file = path.join(process.cwd(), ".data", "auth-secret");
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    secret = crypto.randomBytes(32).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      log("config").warn({ file }, "AUTH_SECRET is not set: generated one and kept it in this file. Set AUTH_SECRET when running several instances.");
    } catch {
      // Another process wrote it first: use theirs.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return secret;
}
