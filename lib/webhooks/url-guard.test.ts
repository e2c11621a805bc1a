import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { resetConfig } from "@/lib/config";
import { startJobRunner } from "@/lib/jobs/runner";
import { api, createUser, type TestUser } from "@/test/api";
import { manualClock } from "@/test/jobs";
import { DEFAULT_RETRY_DELAYS_SECONDS, deliverWebhook } from "./delivery";
import { isPublicAddress } from "./url-guard";

/*
 * What the address checks let through, and what a delivery does with an endpoint saved while
 * WEBHOOK_ALLOW_PRIVATE_URLS was on once it is off (DESIGN.md, security and reliability 1.2).
 */

function setAllowPrivate(allowed: boolean) {
  if (allowed) process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  else delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetConfig();
}

/** A server on 127.0.0.1 that counts the connections made to it, whatever comes over them. */
let server: http.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  // Creates pg-boss's schema and queues (a retry is a job); no worker runs here.
  const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
  await runner.stop();
  server = http.createServer((_req, res) => res.end("ok"));
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

beforeEach(() => setAllowPrivate(true));

afterAll(async () => {
  setAllowPrivate(false);
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

async function endpointWithTestEvent(user: TestUser, url: string) {
  const created = await api.post("/webhooks", { token: user.token, body: { url, events: ["order.created"] } });
  expect(created.status).toBe(201);
  const sent = await api.post(`/webhooks/${created.body.data.id}/test`, { token: user.token });
  expect(sent.status).toBe(202);
  return { endpointId: created.body.data.id as string, deliveryId: sent.body.data.id as number };
}

async function deliveryRow(deliveryId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, error: webhookDeliveries.error, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  const attempts = await db
    .select({ attempt: webhookAttempts.attempt, error: webhookAttempts.error, responseStatus: webhookAttempts.responseStatus })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attempt));
  return { ...row!, log: attempts };
}

describe("public addresses", () => {
  it("accepts global unicast addresses, and an IPv4-mapped one as the IPv4 address it is", () => {
    for (const address of ["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "::ffff:808:808"]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    }
  });

  it("refuses every IPv6 form that carries an IPv4 address, and IPv6 outside global unicast", () => {
    const refused = [
      // IPv4-compatible (deprecated), private or not: ::127.0.0.1 is what the finding used.
      "::127.0.0.1",
      "::7f00:1",
      "::10.0.0.1",
      "::8.8.8.8",
      // IPv4-mapped private ones, and the SIIT form ::ffff:0:a.b.c.d.
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:0:127.0.0.1",
      // NAT64 (well-known and local-use prefixes), 6to4 and Teredo.
      "64:ff9b::127.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::1",
      "2002:a00:1::1",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
      // Neither global nor unicast: unspecified, loopback, discard-only, site-local, unique local,
      // link-local, multicast, documentation (old and new), ORCHIDv2, reserved space.
      "::",
      "::1",
      "100::1",
      "fec0::1",
      "fd00::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "3fff::1",
      "2001:20::1",
      "4000::1",
      "1::1",
      // Not an address at all.
      "::256.0.0.1",
      "not an ip",
    ];
    for (const address of refused) expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it("refuses an IPv4-compatible IPv6 URL on save", async () => {
    setAllowPrivate(false);
    const user = await createUser();
    for (const url of ["https://[::127.0.0.1]/hooks", "https://[::7f00:1]/hooks", "https://[64:ff9b::7f00:1]/hooks", "https://[2002:7f00:1::1]/hooks"]) {
      const res = await api.post("/webhooks", { token: user.token, body: { url, events: ["order.created"] } });
      expect({ url, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ url, status: 422, fields: ["url"] });
    }
  });
});

describe("a delivery once private URLs are no longer allowed", () => {
  it("makes no connection to an endpoint whose host is a private IP literal: a failed attempt with the reason", async () => {
    const user = await createUser();
    const hosts = ["127.0.0.1", "[::ffff:127.0.0.1]", "[::127.0.0.1]"];
    const saved = [];
    for (const host of hosts) saved.push(await endpointWithTestEvent(user, `https://${host}:${port}/hooks`));
    setAllowPrivate(false);
    const before = connections;
    for (const [i, { deliveryId }] of saved.entries()) {
      const outcome = await deliverWebhook({ db: await getDb(), clock: manualClock() }, deliveryId);
      expect(outcome).toMatchObject({ kind: "failed", responseStatus: null, final: false });
      const row = await deliveryRow(deliveryId);
      expect(row).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: expect.any(Date) });
      // The host as the URL spells it: [::127.0.0.1] is [::7f00:1].
      const host = new URL(`https://${hosts[i]}/`).hostname.replace(/^\[(.*)\]$/, "$1");
      expect(row.error).toBe(`Refused: ${host} is not a public address.`);
      expect(row.log).toEqual([{ attempt: 1, error: row.error, responseStatus: null }]);
    }
    expect(connections - before).toBe(0);
  });

  it("records an http URL as a failed attempt with an error, retried on the schedule and then failed, never left pending", async () => {
    const user = await createUser();
    const { deliveryId } = await endpointWithTestEvent(user, `http://127.0.0.1:${port}/hooks`);
    setAllowPrivate(false);
    const before = connections;
    const clock = manualClock();
    const ctx = { db: await getDb(), clock };

    const first = await deliverWebhook(ctx, deliveryId);
    expect(first).toMatchObject({ kind: "failed", responseStatus: null, error: "The URL is not https.", final: false });
    const waiting = await deliveryRow(deliveryId);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, error: "The URL is not https.", log: [{ attempt: 1, error: "The URL is not https.", responseStatus: null }] });
    expect((waiting.nextAttemptAt!.getTime() - clock.now().getTime()) / 1000).toBe(DEFAULT_RETRY_DELAYS_SECONDS[0]);

    for (let attempt = 2; attempt <= DEFAULT_RETRY_DELAYS_SECONDS.length + 1; attempt++) {
      const row = await deliveryRow(deliveryId);
      clock.advance((row.nextAttemptAt!.getTime() - clock.now().getTime()) / 1000);
      await deliverWebhook(ctx, deliveryId);
    }
    const done = await deliveryRow(deliveryId);
    expect(done).toMatchObject({ status: "failed", attempts: DEFAULT_RETRY_DELAYS_SECONDS.length + 1, nextAttemptAt: null, error: "The URL is not https." });
    expect(done.log).toHaveLength(DEFAULT_RETRY_DELAYS_SECONDS.length + 1);
    expect(connections - before).toBe(0);
  });

  it("still delivers to them while private URLs are allowed", async () => {
    const user = await createUser();
    const { deliveryId } = await endpointWithTestEvent(user, `http://127.0.0.1:${port}/hooks`);
    expect(await deliverWebhook({ db: await getDb(), clock: manualClock() }, deliveryId)).toEqual({ kind: "succeeded", responseStatus: 200 });
  });
});
