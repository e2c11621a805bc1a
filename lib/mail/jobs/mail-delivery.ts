import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";
import { MAIL_LEASE_SECONDS, MAIL_MAX_ATTEMPTS } from "../deliver";

const payloadSchema = z.object({ mailId: z.number().int().positive() }).strict();
export type MailDeliveryPayload = z.infer<typeof payloadSchema>;

/**
 * One mail to the SMTP server. A failed attempt fails the job, which pg-boss retries with
 * backoff (30 s, 1 min, 2 min, … about 8 hours in all); the mail's row counts the attempts.
 */
export const mailDeliveryJob: JobDefinition<MailDeliveryPayload> = {
  name: "mail-delivery",
  description: "Sends one mail to the SMTP server (SMTP_URL); a failure is retried with backoff, 10 attempts in about 8 hours, then the mail is marked failed.",
  payload: payloadSchema,
  // Two retries more than the mail's attempts, for jobs that found the mail held by an attempt that died.
  queue: { retryLimit: MAIL_MAX_ATTEMPTS + 2, retryDelay: 30, retryBackoff: true, expireInSeconds: MAIL_LEASE_SECONDS },
};
