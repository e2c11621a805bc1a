"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAction } from "@/app/_lib/action";
import { createTokenSchema } from "@/lib/auth/schema";
import { createApiToken, revokeToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/errors";
import { createEndpoint, deleteEndpoint, retryDelivery, rotateSecret, sendTestEvent, updateEndpoint } from "@/lib/webhooks/endpoints";
import { createWebhookSchema, updateWebhookSchema } from "@/lib/webhooks/schema";

const DEVELOPERS = "/account/developers";

export const createTokenAction = userAction(createTokenSchema, async (ctx, input) => {
  const made = await createApiToken(ctx, input);
  revalidatePath(DEVELOPERS);
  return made;
});

export const revokeTokenAction = userAction(z.object({ token_id: z.uuid() }), async (ctx, input) => {
  const revoked = await revokeToken(ctx.db, ctx.user.id, input.token_id);
  if (!revoked) throw notFound("This token was already revoked.");
  revalidatePath(DEVELOPERS);
  return undefined;
});

const webhookId = z.object({ id: z.string() });
const webhookPath = (id: string) => `${DEVELOPERS}/webhooks/${id}`;

export const createWebhookAction = userAction(createWebhookSchema, async (ctx, input) => {
  const endpoint = await createEndpoint(ctx, input);
  revalidatePath(DEVELOPERS);
  return { id: endpoint.id, secret: endpoint.secret };
});

export const updateWebhookAction = userAction(updateWebhookSchema.extend(webhookId.shape), async (ctx, { id, ...input }) => {
  await updateEndpoint(ctx, id, input);
  revalidatePath(DEVELOPERS);
  revalidatePath(webhookPath(id));
  return undefined;
});

export const deleteWebhookAction = userAction(webhookId, async (ctx, { id }) => {
  await deleteEndpoint(ctx, id);
  revalidatePath(DEVELOPERS);
  return undefined;
});

export const rotateWebhookSecretAction = userAction(webhookId, async (ctx, { id }) => rotateSecret(ctx, id));

export const sendTestWebhookAction = userAction(webhookId, async (ctx, { id }) => {
  await sendTestEvent(ctx, id);
  revalidatePath(webhookPath(id));
  return undefined;
});

export const retryWebhookDeliveryAction = userAction(webhookId.extend({ delivery_id: z.number().int() }), async (ctx, { id, delivery_id }) => {
  await retryDelivery(ctx, id, delivery_id);
  revalidatePath(webhookPath(id));
  return undefined;
});
