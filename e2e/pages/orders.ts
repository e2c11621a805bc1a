import { expect, type Locator, type Page } from "@playwright/test";

/** /orders/{id}: every mailed piece of an order with its status and delivery date. */
export class TrackingPage {
  constructor(readonly page: Page) {}

  async expectLoaded() {
    await expect(this.page).toHaveURL(/\/orders\/\d+$/);
    await expect(this.page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  }

  orderId(): number {
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }

  /** One recipient's piece, found by the heading with their name. */
  piece(name: string): Locator {
    return this.page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { level: 3, name, exact: true }) });
  }

  pieces(): Locator {
    return this.page.getByRole("main").getByRole("listitem").filter({ has: this.page.getByRole("heading", { level: 3 }) });
  }
}
