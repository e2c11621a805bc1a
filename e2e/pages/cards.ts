import { expect, type Locator, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /cards: the catalog with occasion and category filters. */
export class CatalogPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { level: 1, name: "Cards" });
  readonly grid = () => this.page.getByRole("list", { name: "Cards" });

  async goto() {
    await this.page.goto("/cards");
    await expect(this.heading()).toBeVisible();
    await settled(this.page);
  }

  /** Picks an occasion in the filter (its option reads "Get Well (1)"); the page reloads with it. */
  async filterByOccasion(name: string) {
    const select = this.page.getByRole("combobox", { name: "Occasion" });
    const label = (await select.getByRole("option").allTextContents()).find((text) => text.replace(/\s*\(\d+\)$/, "") === name);
    if (!label) throw new Error(`No occasion ${name} in the filter`);
    await Promise.all([this.page.waitForURL(/[?&]occasion=/), select.selectOption({ label })]);
    await settled(this.page);
  }

  /** A card's tile, found by the heading under its picture. */
  tile(name: string): Locator {
    return this.grid().getByRole("link").filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  async open(name: string) {
    await this.tile(name).click();
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
    await settled(this.page);
  }
}

/** /cards/{id}: one card and its "Send this card" form. */
export class CardPage {
  constructor(readonly page: Page) {}

  readonly sendPanel = () => this.page.getByRole("region", { name: "Send this card" });
  /** The buttons under the large picture that turn the card: Front, Inside (not on a postcard), Back. */
  readonly sides = () => this.page.getByRole("group", { name: "Sides of the card" });

  /** Shows one side of the card in the large picture. */
  async showSide(label: "Front" | "Inside" | "Back") {
    const button = this.sides().getByRole("button", { name: label, exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }

  async sendThisCard(project: { name: string; message: string; signoff?: string }) {
    const panel = this.sendPanel();
    await panel.getByRole("textbox", { name: "Project name" }).fill(project.name);
    await panel.getByRole("textbox", { name: "Message" }).fill(project.message);
    if (project.signoff) await panel.getByRole("textbox", { name: "Sign-off" }).fill(project.signoff);
    await panel.getByRole("button", { name: "Continue to recipients" }).click();
    await expect(this.page).toHaveURL(/\/projects\/[0-9a-f-]{36}(\?[^/]*)?$/);
  }
}
