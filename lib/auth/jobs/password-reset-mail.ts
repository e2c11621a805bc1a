import "server-only";
import { z } from "zod";
import type { JobDefinition } from "@/lib/queue/queue";

const payloadSchema = z.object({ email: z.string().min(1).max(255), requestId: z.uuid() }).strict();
export type PasswordResetJobPayload = z.infer<typeof payloadSchema>;

/**
 * The lookup and the mail of a reset request, out of the request: whether the account exists
 * decides what this job does, never how long the form takes to answer.
 */
export const passwordResetJob: JobDefinition<PasswordResetJobPayload> = {
  name: "password-reset-mail",
  description: "Answers a forgotten-password request: mails a reset link when an active account has the email, and does nothing otherwise.",
  payload: payloadSchema,
  // A link that arrives an hour late is still worth having; a lost request is not retried by its sender.
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
};
