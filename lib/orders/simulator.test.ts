import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { orderRecipients } from "@/db/schema";
import { api, createUser } from "@/test/api";
import { ageOrderRecipients, createReadyProject } from "@/test/order-fixtures";
import { startFulfilmentSimulator } from "./simulator";

afterEach(() => {
  vi.useRealTimers();
});

describe("startFulfilmentSimulator", () => {
  it("moves pieces on every tick once they have kept their status stepSeconds", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const user = await createUser({ creditCents: 1000 });
    const { project } = await createReadyProject(user.id, { recipients: 1 });
    const res = await api.post(`/cart/checkout/${project.id}`, { token: user.token });
    const orderId: number = res.body.data.order_id;
    await ageOrderRecipients(orderId, 120);
    const db = await getDb();
    const status = async () => (await db.select({ status: orderRecipients.status }).from(orderRecipients).where(eq(orderRecipients.orderId, orderId)))[0]!.status;

    const simulator = startFulfilmentSimulator({ stepSeconds: 60 });
    try {
      expect(await status()).toBe("pending");
      vi.advanceTimersByTime(10_000);
      await vi.waitFor(async () => expect(await status()).toBe("in_production"));
    } finally {
      simulator.stop();
    }
  });

  it("does nothing with a step of 0", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const simulator = startFulfilmentSimulator({ stepSeconds: 0 });
    expect(vi.getTimerCount()).toBe(0);
    simulator.stop();
  });
});
