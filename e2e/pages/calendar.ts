import { expect, type Page } from "@playwright/test";
import { settled } from "./settle";

/** /calendar: a month of birthdays and anniversaries (a grid on wide screens, an agenda on phones). */
export class CalendarPage {
  constructor(readonly page: Page) {}

  async goto(month: number, year: number) {
    await this.page.goto(`/calendar?month=${month}&year=${year}`);
    await settled(this.page);
  }

  async expectMonth(title: string) {
    await expect(this.page.getByRole("heading", { level: 1 })).toHaveText(title);
  }

  /** The month grid's cell of one day, found by its spoken date ("Sunday, April 12, 2026"). */
  day(fullDate: string) {
    return this.page.getByRole("cell").filter({ hasText: fullDate });
  }

  async next() {
    await this.page.getByRole("navigation", { name: "Months" }).getByRole("link", { name: /^Next month/ }).click();
  }
}
