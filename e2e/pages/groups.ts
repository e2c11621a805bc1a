import { expect, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /groups/{id}: the members a page at a time, people to add, the group's details. */
export class GroupPage {
  constructor(readonly page: Page) {}

  readonly members = () => this.page.getByRole("region", { name: /^Members \(/ });
  /** "Showing 25 of 30 members". */
  readonly shown = () => this.members().getByRole("status");
  readonly memberLinks = () => this.members().getByRole("listitem").getByRole("link");
  /** The contact picker: search, tick, "Add 3 to group". */
  readonly addPeople = () => this.page.getByRole("region", { name: "Add people", exact: true });

  async goto(groupId: number, name: string) {
    await this.page.goto(`/groups/${groupId}`);
    await expect(this.page.getByRole("heading", { level: 1, name })).toBeVisible();
    await settled(this.page);
  }

  async loadMoreMembers() {
    await this.members().getByRole("button", { name: "Load more members" }).click();
  }
}
