import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import type { ServiceContext } from "@/lib/context";
import { createUser, type TestUser } from "@/test/api";
import { createCard, createProject } from "@/test/fixtures";
import { addRecipients } from "@/test/order-fixtures";
import { checkoutProject, trackOrder } from "./service";
import { cancelOrderRecipient } from "./status-changes";
import { getOrderProjects, getOrderStatusCounts } from "./summary";

async function ctxOf(user: TestUser): Promise<ServiceContext> {
  return { db: await getDb(), user: { id: user.id, accountType: 1 } };
}

async function placeOrder(user: TestUser, recipients: number, imageTypes?: ("front" | "thumbnail")[]) {
  const db = await getDb();
  const card = await createCard(db, { priceCents: 300, imageTypes });
  const project = await createProject(db, user.id, card.id, { name: "Spring cards" });
  await addRecipients(user.id, project.id, recipients);
  const { orderId } = await checkoutProject(await ctxOf(user), project.id);
  return { card, project, orderId };
}

describe("getOrderStatusCounts", () => {
  it("counts each order's pieces by status, for the acting user's orders only", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const other = await createUser({ creditCents: 10_000 });
    const ctx = await ctxOf(user);
    const first = await placeOrder(user, 3);
    const second = await placeOrder(user, 1);
    const foreign = await placeOrder(other, 2);
    const [piece] = (await trackOrder(ctx, first.orderId)).projects[0]!.recipients;
    await cancelOrderRecipient(ctx, piece!.id);

    const counts = await getOrderStatusCounts(ctx, [first.orderId, second.orderId, foreign.orderId]);
    expect(counts.get(first.orderId)).toEqual({ pending: 2, cancelled: 1 });
    expect(counts.get(second.orderId)).toEqual({ pending: 1 });
    expect(counts.has(foreign.orderId)).toBe(false);
    expect((await getOrderStatusCounts(ctx, [])).size).toBe(0);
  });
});

describe("getOrderProjects", () => {
  it("names the acting user's projects with their card and its list picture", async () => {
    const user = await createUser({ creditCents: 10_000 });
    const other = await createUser({ creditCents: 10_000 });
    const ctx = await ctxOf(user);
    const withThumbnail = await placeOrder(user, 1);
    const frontOnly = await placeOrder(user, 1, ["front"]);
    const foreign = await placeOrder(other, 1);

    const projects = await getOrderProjects(ctx, [withThumbnail.project.id, frontOnly.project.id, foreign.project.id, "not-a-uuid"]);
    expect(projects.get(withThumbnail.project.id)).toEqual({
      id: withThumbnail.project.id,
      name: "Spring cards",
      signoff: "",
      cardName: withThumbnail.card.name,
      thumbnailPath: `/card-art/${withThumbnail.card.slug}/thumbnail.svg`,
    });
    expect(projects.get(frontOnly.project.id)?.thumbnailPath).toBe(`/card-art/${frontOnly.card.slug}/front.svg`);
    expect(projects.has(foreign.project.id)).toBe(false);
    expect(projects.size).toBe(2);
  });
});
