import { expect, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /automations: each automation with its on/off switch. */
export class AutomationsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/automations");
    await expect(this.page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible();
    await settled(this.page);
  }

  /** The switch is named after the automation; aria-checked says whether it is on. */
  readonly toggle = (name: string) => this.page.getByRole("switch", { name, exact: true });

  async setActive(name: string, active: boolean) {
    await this.toggle(name).click();
    await expect(this.toggle(name)).toHaveAttribute("aria-checked", String(active));
  }
}

/** /automations/new and /automations/{id}: the form, the upcoming sends, the runs. */
export class AutomationPage {
  constructor(readonly page: Page) {}

  readonly form = () => this.page.getByRole("region", { name: "Automation" });
  readonly upcoming = () => this.page.getByRole("region", { name: "Upcoming sends" });
  readonly runs = () => this.page.getByRole("region", { name: "Runs" });

  async fill(fields: { name?: string; card?: string; message?: string; daysEarly?: string }) {
    const form = this.form();
    if (fields.name !== undefined) await form.getByRole("textbox", { name: "Name" }).fill(fields.name);
    if (fields.card !== undefined) await this.chooseCard(fields.card);
    if (fields.message !== undefined) await form.getByRole("textbox", { name: "Message" }).fill(fields.message);
    if (fields.daysEarly !== undefined) await form.getByRole("spinbutton", { name: "Days early" }).fill(fields.daysEarly);
  }

  /** The card's picture in the picker, after "Show all cards" when it is not made for the automation's dates. */
  cardChoice(name: string) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const named = { name: new RegExp(`^${escaped},`) };
    const radio = this.form().getByRole("group", { name: "Card" }).getByRole("radio", named);
    // `has` looks inside each label: a locator of its own, not one chained from the form.
    return { radio, picture: this.form().locator("label", { has: this.page.getByRole("radio", named) }) };
  }

  async chooseCard(name: string) {
    const { radio, picture } = this.cardChoice(name);
    if ((await radio.count()) === 0) await this.form().getByRole("button", { name: /^Show all cards/ }).click();
    await picture.click();
    await expect(radio).toBeChecked();
  }

  async save() {
    await this.form().getByRole("button", { name: /^(Create automation|Save changes)$/ }).click();
  }
}
