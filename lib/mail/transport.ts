import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared";

let cached: { url: string; transport: Transporter } | undefined;

/** SMTP timeouts: a server that hangs fails the attempt, which the job queue retries later. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * One nodemailer transport per SMTP_URL for the process (tests change the URL between servers).
 * Settings in the URL's query (`?requireTLS=true`) win over the timeouts here.
 */
export function smtpTransport(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = { url, transport: nodemailer.createTransport({ ...TIMEOUTS, ...parseConnectionUrl(url) }) };
  }
  return cached.transport;
}
