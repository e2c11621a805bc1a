import "server-only";
import type { JobHandler } from "@/lib/queue/queue";
import { deliverMail } from "../deliver";
import type { MailDeliveryPayload } from "./mail-delivery";

/** One attempt at one mail (the job: mail-delivery.ts). */
export const handle: JobHandler<MailDeliveryPayload> = async (ctx, { mailId }) => {
  await deliverMail(ctx, mailId);
};
