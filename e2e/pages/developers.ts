import { expect, type Locator, type Page } from "@playwright/test";
import { settled } from "./settle";

/** The Developers area of the account: API tokens, webhook endpoints and the guide. */
export class DevelopersPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/account/developers");
    await expect(this.page.getByRole("heading", { level: 1, name: "Developers" })).toBeVisible();
    await settled(this.page);
  }

  tokens(): Locator {
    return this.page.getByRole("region", { name: "API tokens" });
  }

  token(appId: string): Locator {
    return this.tokens().getByRole("list", { name: "Active API tokens" }).getByRole("listitem").filter({ hasText: appId });
  }

  /** Makes a token for `appId` and returns it as the Copy button put it on the clipboard. */
  async createToken(appId: string, button: "Create token" | "Replace token" = "Create token"): Promise<string> {
    await this.tokens().getByLabel("App ID").fill(appId);
    await this.tokens().getByRole("button", { name: button }).click();
    const reveal = this.tokens().getByRole("group", { name: `New token for ${appId}` });
    await expect(reveal).toBeVisible();
    await reveal.getByRole("button", { name: `Copy the new token for ${appId}` }).click();
    await expect(reveal.getByRole("button", { name: `Copy the new token for ${appId}` })).toHaveText("Copied");
    const copied = await this.page.evaluate(() => navigator.clipboard.readText());
    await expect(reveal.locator("output")).toHaveText(copied);
    return copied;
  }

  async revoke(appId: string): Promise<void> {
    await this.token(appId).getByRole("button", { name: `Revoke the token of ${appId}` }).click();
    await this.token(appId).getByRole("group", { name: `Confirm revoking the token of ${appId}` }).getByRole("button", { name: "Revoke token" }).click();
    await expect(this.token(appId)).toHaveCount(0);
  }
}

/** One webhook endpoint's page: its switch, test and secret, deliveries and settings. */
export class WebhookEndpointPage {
  constructor(readonly page: Page) {}

  deliveries(): Locator {
    return this.page.getByRole("region", { name: "Deliveries" });
  }

  async sendTest(): Promise<void> {
    await this.page.getByRole("button", { name: "Send a test event" }).click();
    await expect(this.page.getByRole("status").filter({ hasText: "A webhook.test event is on its way" })).toBeVisible();
  }
}
