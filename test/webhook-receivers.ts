import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { startJobRunner } from "@/lib/jobs/runner";

export type Receiver = { url: string; received: http.IncomingMessage[]; connections: number };

/**
 * For a test file of webhook deliveries to local receivers: private URLs are allowed and
 * pg-boss's schema and queues exist (as a server's start makes them) for the whole file, and
 * every receiver started is closed at its end. Returns `startReceiver`: a node:http server on
 * 127.0.0.1 whose `answer` gets each request once its body has arrived.
 */
export function webhookReceiversForFile(): (answer?: (req: http.IncomingMessage, res: http.ServerResponse) => void) => Promise<Receiver> {
  const servers: http.Server[] = [];

  beforeAll(async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
    resetConfig();
    const runner = await startJobRunner({ db: await getDb(), fulfilmentStepSeconds: 0, webhooks: false });
    await runner.stop();
  });

  afterAll(() => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
    resetConfig();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  return async function startReceiver(answer = (_req, res) => res.end("ok")) {
    const receiver: Receiver = { url: "", received: [], connections: 0 };
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        receiver.received.push(req);
        answer(req, res);
      });
    });
    server.on("connection", () => (receiver.connections += 1));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    return receiver;
  };
}
