"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAction } from "@/app/_lib/action";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/account/calendar-feed";

/** A new feed URL (the previous one stops working), shown once: only its hash is kept. */
export const createCalendarFeedAction = userAction(z.object({}), async (ctx) => {
  const { url } = await createCalendarFeed(ctx);
  revalidatePath("/calendar");
  return { url };
});

export const revokeCalendarFeedAction = userAction(z.object({}), async (ctx) => {
  await revokeCalendarFeed(ctx);
  revalidatePath("/calendar");
  return undefined;
});
