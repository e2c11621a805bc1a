"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAction } from "@/app/_lib/action";
import { createTokenSchema } from "@/lib/auth/schema";
import { createApiToken, revokeToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/errors";

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
