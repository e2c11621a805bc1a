import type { APIRequestContext, Page } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { DevelopersPage, WebhookEndpointPage } from "./pages/developers";
import { keepScreenshot } from "./support/screenshots";
import { wcagAxe } from "./support/axe";

const SHOTS = path.join(__dirname, "artifacts", "screenshots");

const contactsStatus = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/v1/contacts", { headers: { authorization: `Bearer ${token}`, accept: "application/json" } })).status();

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

test("a token made in the web app works with the API until it is replaced or revoked", async ({ page, request }) => {
  // Two axe runs and two screenshots on top of the steps: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpOverHttp(page.request, "developer");
  const developers = new DevelopersPage(page);

  await page.goto("/account");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Developers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
  await expect(developers.tokens()).toContainText("No app has an active token.");
  await developers.goto();

  const first = await developers.createToken("crm-sync");
  expect(first).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await contactsStatus(request, first)).toBe(200);
  await expect(developers.token("crm-sync")).toContainText("Never used");
  await developers.goto();
  await expect(developers.token("crm-sync")).toContainText("Last used");

  // The same app_id again: as a login with it would, the new token replaces the old one.
  await developers.tokens().getByLabel("App ID").fill("crm-sync");
  await expect(developers.tokens()).toContainText("crm-sync already has a token: a new one revokes it");
  const second = await developers.createToken("crm-sync", "Replace token");
  await expect(developers.tokens()).toContainText("The previous token of crm-sync was revoked");
  expect(await contactsStatus(request, first)).toBe(401);
  expect(await contactsStatus(request, second)).toBe(200);

  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: path.join(SHOTS, "developers-token-1280.png"), fullPage: true, animations: "disabled" });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);
  await keepScreenshot(page, { path: path.join(SHOTS, "developers-token-375.png"), fullPage: true, animations: "disabled" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "page-wide horizontal overflow in px").toBeLessThanOrEqual(0);

  await developers.revoke("crm-sync");
  await expect(developers.tokens()).toContainText("No app has an active token.");
  expect(await contactsStatus(request, second)).toBe(401);
});

/** A receiver on 127.0.0.1 that keeps each request's headers and body and answers 204. */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("a webhook endpoint made in the web app shows its secret once and receives a signed test event", async ({ page }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpOverHttp(page.request, "webhooks");
  const receiver = await startReceiver();
  try {
    const developers = new DevelopersPage(page);
    await developers.goto();
    const list = page.getByRole("region", { name: "Webhook endpoints" });
    await expect(list).toContainText("No webhook endpoints yet.");
    await list.getByRole("link", { name: "Add endpoint" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New webhook endpoint" })).toBeVisible();

    const form = page.getByRole("form", { name: "New endpoint" });
    await form.getByLabel("URL").fill(receiver.url);
    await form.getByLabel("Description").fill("Order sync");
    // No event chosen: the form says so and saves nothing.
    await form.getByRole("checkbox", { name: /^order\.created/ }).uncheck();
    await form.getByRole("checkbox", { name: /^order\.recipient\.status_changed/ }).uncheck();
    await form.getByRole("button", { name: "Create endpoint" }).click();
    await expect(form.locator("#webhook-events-error")).toBeVisible();
    await form.getByRole("checkbox", { name: /^order\.created/ }).check();
    await form.getByRole("button", { name: "Create endpoint" }).click();

    const reveal = page.getByRole("group", { name: "Signing secret" });
    await expect(reveal).toContainText("shown only this once");
    const secret = (await reveal.locator("output").textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

    await page.getByRole("link", { name: /Go to the endpoint/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    const endpoint = new WebhookEndpointPage(page);
    await expect(endpoint.deliveries()).toContainText("No deliveries yet.");
    await endpoint.sendTest();

    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const request = receiver.received[0]!;
    const event = new Webhook(secret).verify(request.body, request.headers) as { type: string };
    expect(event.type).toBe("webhook.test");

    await expect(async () => {
      await page.reload();
      await expect(endpoint.deliveries().getByRole("listitem").first()).toContainText("Succeeded", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const delivery = endpoint.deliveries().getByRole("listitem").first();
    await expect(delivery).toContainText("webhook.test");
    await delivery.getByText(/^Attempts \(1\)$/).click();
    await expect(delivery).toContainText("HTTP 204");

    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: path.join(SHOTS, "developers-webhook-1280.png"), fullPage: true, animations: "disabled" });
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: path.join(SHOTS, "developers-webhook-375.png"), fullPage: true, animations: "disabled" });

    await developers.goto();
    await expect(list.getByRole("switch", { name: `Send events to ${receiver.url}` })).toHaveAttribute("aria-checked", "true");
    await keepScreenshot(page, { path: path.join(SHOTS, "developers-375.png"), fullPage: true, animations: "disabled" });
  } finally {
    await receiver.close();
  }
});
