import { test as base, expect, type Page } from "@playwright/test";
import { signInOverHttp, signUpOverHttp, type Credentials } from "./accounts";

type Fixtures = {
  /** A brand-new account (no contacts, $0.00 credit), signed in on `page`. */
  newUser: Credentials;
  /** Console errors and uncaught exceptions of `page`: a page that logs one fails its test. */
  consoleErrors: string[];
};

/** Collects the page's console errors and uncaught exceptions (a deliberate 404 page's own status excepted). */
export function watchConsole(page: Page, errors: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
}

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, provide, testInfo) => {
      const errors: string[] = [];
      watchConsole(page, errors);
      await provide(errors);
      for (const error of errors) testInfo.annotations.push({ type: "console error", description: error });
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
  newUser: async ({ page }, provide) => {
    await provide(await signUpOverHttp(page.request, "ui"));
  },
});

/** Signs `page` in as an existing account (the demo, admin or another test's user). */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  await signInOverHttp(page.request, account);
}

export { expect };
