import { expect, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /admin/cards: catalog visibility and prices. */
export class AdminCardsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/admin/cards");
    await expect(this.page.getByRole("heading", { level: 1, name: "Cards" })).toBeVisible();
    await expect(this.page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await settled(this.page);
  }

  async setActive(cardName: string, active: boolean) {
    await this.page.getByRole("button", { name: `${active ? "Activate" : "Deactivate"} ${cardName}`, exact: true }).click();
    await expect(this.page.getByText(active ? "Back in the catalog." : "Taken out of the catalog.")).toBeVisible();
    await expect(this.page.getByRole("button", { name: `${active ? "Deactivate" : "Activate"} ${cardName}`, exact: true })).toBeVisible();
  }
}

/** /admin/users: accounts, searchable, with a grant-credit form each. */
export class AdminUsersPage {
  constructor(readonly page: Page) {}

  async goto(query?: string) {
    await this.page.goto(query ? `/admin/users?query=${encodeURIComponent(query)}` : "/admin/users");
    await expect(this.page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await settled(this.page);
  }

  async grantCredit(email: string, dollars: string, note: string) {
    await this.goto(email);
    await this.page.getByRole("button", { name: `Grant credit to ${email}`, exact: true }).click();
    // The form that opens is named after the account ("Credit change for …").
    const form = this.page.getByRole("form", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });
    await form.getByRole("textbox", { name: "Amount in dollars" }).fill(dollars);
    await form.getByRole("textbox", { name: "Note" }).fill(note);
    await form.getByRole("button", { name: "Save credit change" }).click();
    await expect(form.getByRole("status")).toContainText(`Granted $${dollars}`);
  }
}

/** /admin/jobs: the job queues, their depth and recent failures. */
export class AdminJobsPage {
  constructor(readonly page: Page) {}

  async openFromNav() {
    await this.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Jobs" }).click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await settled(this.page);
  }

  queues() {
    return this.page.getByRole("table", { name: /Job queues/ });
  }

  queueRow(name: string) {
    return this.queues().getByRole("row", { name: new RegExp(`^${name}`) });
  }
}
