import { ApiClient } from "./support/api-client";
import { wcagAxe } from "./support/axe";
import { expect, test } from "./support/fixtures";

// A project's proof: picked in a handwriting face, drawn so in the preview, downloaded as a PDF.
for (const width of [1280, 375]) {
  test(`a project's message in handwriting, and its proof downloaded as a PDF (${width} px)`, async ({ page, newUser }) => {
    await page.setViewportSize({ width, height: 800 });
    const api = await ApiClient.signIn(page.request, newUser);
    const project = await api.createProject("Proofs");
    await api.addRecipients(project.uuid, [{ first_name: "Ida", last_name: "Bell", address: "3 Oak Street", city: "Portland", state: "OR", zip: "97205" }]);

    await page.goto(`/projects/${project.uuid}`);
    await page.getByRole("button", { name: "Edit name and message" }).click();
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Dear {first_name}, thank you!");
    const handwriting = page.getByRole("group", { name: "Handwriting" });
    await handwriting.getByRole("radio", { name: /Caveat/ }).check();
    await expect(page.getByTestId("card-message-box")).toHaveCSS("font-family", /Caveat/);
    await expect(page.getByTestId("card-message-box")).toContainText("Dear Ida, thank you!");
    const axe = await wcagAxe(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Edit name and message" })).toBeVisible();

    const link = page.getByRole("link", { name: "Download proof (PDF)" });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^proof-project-.+\.pdf$/);
    const proof = await page.request.get((await link.getAttribute("href"))!);
    expect(proof.status()).toBe(200);
    expect(proof.headers()["content-type"]).toBe("application/pdf");
    expect((await proof.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Checkout asks a new account for its return address first, and refuses one that would not bring a card back.
    await page.goto(`/projects/${project.uuid}/checkout`);
    const step = page.getByRole("region", { name: "First, your return address" });
    await expect(step.getByRole("textbox", { name: "Country" })).toHaveValue("US");
    await step.getByRole("textbox", { name: "First name" }).fill("Ada");
    await step.getByRole("textbox", { name: "Last name" }).fill("Reed");
    await step.getByRole("textbox", { name: "Street address" }).fill("1 Main St");
    await step.getByRole("textbox", { name: "City" }).fill("Springfield");
    await step.getByRole("textbox", { name: "State" }).fill("Illinois");
    await step.getByRole("textbox", { name: "ZIP code" }).fill("6020");
    await step.getByRole("button", { name: "Save and continue" }).click();
    const zip = step.getByRole("textbox", { name: "ZIP code" });
    await expect(zip).toHaveAccessibleDescription(/“6020” is not a ZIP code: a ZIP code has 5 digits, like 30301/);
    await expect(zip).toBeFocused();
    const checkoutAxe = await wcagAxe(page).analyze();
    expect(checkoutAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await step.getByRole("textbox", { name: "ZIP code" }).fill("62701");
    await step.getByRole("button", { name: "Save and continue" }).click();
    await expect(step).toBeHidden();

    // The card as it will print for the recipient, and the envelope with both addresses.
    await expect(page.getByTestId("checkout-message")).toHaveText("Dear Ida, thank you!");
    const envelope = page.getByRole("region", { name: "Envelope" });
    await expect(envelope.locator("address").last()).toContainText("PORTLAND OR 97205");
    await expect(envelope.locator("address").first()).toContainText("SPRINGFIELD IL 62701");
  });
}
