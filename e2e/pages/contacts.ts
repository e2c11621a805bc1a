import { expect, type Locator, type Page } from "@playwright/test";
import { settled } from "./settle";

export type DatePart = { month?: string; day?: string; year?: string };

export type ContactInput = {
  firstName: string;
  lastName: string;
  email?: string;
  address?: { street: string; city: string; state: string; zip: string };
  birthday?: DatePart;
  children?: { firstName: string; birthday?: DatePart }[];
  pets?: { name: string; kind?: string; birthday?: DatePart }[];
};

/** /contacts: the address book with search. */
export class ContactsPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { level: 1, name: "Contacts" });
  readonly search = () => this.page.getByRole("searchbox").or(this.page.getByRole("textbox", { name: /search/i })).first();

  async goto() {
    await this.page.goto("/contacts");
    await expect(this.heading()).toBeVisible();
    await settled(this.page);
  }

  async startNewContact() {
    // The page header's link (an empty book offers it again beside Import).
    await this.page.getByRole("link", { name: "New contact" }).first().click();
    await expect(this.page.getByRole("heading", { level: 1, name: "New contact" })).toBeVisible();
    await settled(this.page);
  }

  contactLink(name: string | RegExp): Locator {
    return this.page.getByRole("main").getByRole("link", { name });
  }
}

/** /contacts/new and /contacts/{uuid}/edit. */
export class ContactFormPage {
  constructor(readonly page: Page) {}

  async gotoNew() {
    await this.page.goto("/contacts/new");
    await expect(this.page.getByRole("heading", { level: 1, name: "New contact" })).toBeVisible();
    await settled(this.page);
  }

  /** A text field of the contact itself, by its exact accessible name ("First name", not "Spouse First name"). */
  field(name: string): Locator {
    return this.page.getByRole("textbox", { name, exact: true });
  }

  private async fillDate(scope: Locator | Page, name: string, date: DatePart | undefined) {
    if (!date) return;
    if (date.month) await scope.getByRole("combobox", { name: `${name} Month`, exact: true }).selectOption({ label: date.month });
    if (date.day) await scope.getByRole("textbox", { name: `${name} Day`, exact: true }).fill(date.day);
    if (date.year) await scope.getByRole("textbox", { name: `${name} Year`, exact: true }).fill(date.year);
  }

  async fill(contact: ContactInput) {
    const page = this.page;
    await this.field("First name").fill(contact.firstName);
    await this.field("Last name").fill(contact.lastName);
    if (contact.email) await this.field("Email").fill(contact.email);
    if (contact.address) {
      await this.field("Street address").fill(contact.address.street);
      await this.field("City").fill(contact.address.city);
      await this.field("State").fill(contact.address.state);
      await this.field("ZIP code").fill(contact.address.zip);
    }
    await this.fillDate(page, "Birthday", contact.birthday);

    for (const [i, child] of (contact.children ?? []).entries()) {
      await page.getByRole("button", { name: "Add a child" }).click();
      const row = page.getByRole("group", { name: `Child ${i + 1}` });
      await row.getByRole("textbox", { name: `Child ${i + 1} First name`, exact: true }).fill(child.firstName);
      await this.fillDate(row, `Child ${i + 1} birthday`, child.birthday);
    }
    for (const [i, pet] of (contact.pets ?? []).entries()) {
      await page.getByRole("button", { name: "Add a pet" }).click();
      const row = page.getByRole("group", { name: `Pet ${i + 1}` });
      await row.getByRole("textbox", { name: `Pet ${i + 1} Name`, exact: true }).fill(pet.name);
      if (pet.kind) await row.getByRole("textbox", { name: `Pet ${i + 1} Kind`, exact: true }).fill(pet.kind);
      await this.fillDate(row, `Pet ${i + 1} birthday`, pet.birthday);
    }
  }

  async save() {
    await this.page.getByRole("button", { name: /^Save (contact|changes)$/ }).click();
  }
}

/** /contacts/{uuid}: one contact with family, dates and groups. */
export class ContactPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { level: 1 });
  readonly family = () => this.page.getByRole("region", { name: "Family" });
  readonly details = () => this.page.getByRole("region", { name: "Details" });

  async expectLoaded(name: string) {
    await expect(this.page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/);
    await expect(this.heading()).toHaveText(name);
  }

  uuid(): string {
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }
}
