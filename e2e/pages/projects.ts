import { expect, type Locator, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /projects/{uuid}: the card's message, four ways to add recipients, the recipients and the cost. */
export class ProjectPage {
  constructor(readonly page: Page) {}

  readonly addPanel = () => this.page.getByRole("region", { name: "Add recipients", exact: true });
  readonly recipients = () => this.page.getByRole("region", { name: "Recipients", exact: true });
  readonly cost = () => this.page.getByRole("region", { name: "Cost", exact: true });

  async expectLoaded(name: string) {
    await expect(this.page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
    await settled(this.page);
  }

  uuid(): string {
    return new URL(this.page.url()).pathname.split("/")[2]!;
  }

  async openTab(name: "From contacts" | "A whole group" | "One by hand" | "CSV file"): Promise<Locator> {
    const panel = this.addPanel();
    await panel.getByRole("tab", { name }).click();
    await expect(panel.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    return panel.getByRole("tabpanel", { name });
  }

  /** A recipient's row in the recipients table (stacked cards on phones, same markup). */
  recipientRow(name: string): Locator {
    return this.recipients().getByRole("row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  /** "Showing 25 of 60 recipients": how many rows are there out of all the project's recipients. */
  readonly shown = () => this.recipients().getByRole("status");

  /** Every row of the recipients table (the header row is not in the body). */
  readonly rows = () => this.recipients().locator("tbody").getByRole("row");

  async loadMoreRecipients() {
    await this.recipients().getByRole("button", { name: "Load more recipients" }).click();
  }

  async addGroup(groupName: string, expectedCount: number) {
    const tab = await this.openTab("A whole group");
    const select = tab.getByRole("combobox", { name: "Group" });
    const label = (await select.getByRole("option").allTextContents()).find((text) => text.startsWith(`${groupName} (`));
    if (!label) throw new Error(`No group ${groupName} to choose`);
    await select.selectOption({ label });
    const noun = expectedCount === 1 ? "contact" : "contacts";
    await tab.getByRole("button", { name: `Add ${expectedCount} ${noun}` }).click();
    await expect(tab.getByRole("status")).toContainText(`Added ${expectedCount} ${expectedCount === 1 ? "recipient" : "recipients"} from ${groupName}.`);
  }

  async checkOut() {
    await this.cost().getByRole("link", { name: "Check out" }).click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Check out" })).toBeVisible();
    await settled(this.page);
  }
}

/** The "CSV file" tab: upload or paste, check (preview), then import. */
export class CsvImportPanel {
  constructor(
    readonly page: Page,
    readonly tab: Locator,
  ) {}

  readonly pasteBox = () => this.tab.getByRole("textbox", { name: "Or paste the rows" });
  readonly preview = () => this.tab.getByRole("region", { name: /^Preview:/ });

  async paste(csv: string) {
    await this.pasteBox().fill(csv);
    await this.tab.getByRole("button", { name: "Check rows" }).click();
    await expect(this.preview()).toBeVisible();
  }

  /** Choosing a file checks it at once. */
  async upload(fileName: string, csv: string) {
    await this.tab.getByLabel("CSV file").setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await expect(this.preview()).toBeVisible();
  }

  importButton(): Locator {
    return this.tab.getByRole("button", { name: /^Import \d+ recipients?$/ });
  }
}

/** /projects/{uuid}/checkout: the order, its total against the credit, and the pay button. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  readonly payment = () => this.page.getByRole("region", { name: "Payment", exact: true });
  readonly payButton = () => this.payment().getByRole("button", { name: /^Confirm and pay/ });

  /** "On a date I choose", then the date (`YYYY-MM-DD`). */
  async chooseDeliveryDate(date: string) {
    await this.payment().getByRole("radio", { name: "On a date I choose" }).check();
    await this.payment().getByLabel("Delivery date").fill(date);
  }

  async goto(projectUuid: string) {
    await this.page.goto(`/projects/${projectUuid}/checkout`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Check out" })).toBeVisible();
    await settled(this.page);
  }

  line(label: string): Locator {
    // Each line is a <dt>/<dd> pair: the term, then its value.
    return this.payment().getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::*[1]");
  }
}
