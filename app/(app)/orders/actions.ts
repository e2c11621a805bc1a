"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAction } from "@/app/_lib/action";
import { cancelOrderRecipient } from "@/lib/orders/status-changes";

const cancelPieceSchema = z.object({ order_recipient_id: z.number().int().min(1) });

export const cancelPieceAction = userAction(cancelPieceSchema, async (ctx, input) => {
  const piece = await cancelOrderRecipient(ctx, input.order_recipient_id);
  revalidatePath(`/orders/${piece.orderId}`);
  revalidatePath("/orders");
  return { status: piece.status, priceCents: piece.priceCents };
});
