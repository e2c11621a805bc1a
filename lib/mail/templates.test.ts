import { describe, expect, it } from "vitest";
import { emailChangedMail, orderReceiptMail, reminderDigestMail } from "./templates";

describe("mail templates", () => {
  it("show what people typed as text in the HTML part, never as markup, and as it is in the text part", () => {
    const mail = orderReceiptMail({
      username: "Eve",
      orderId: 7,
      source: "checkout",
      automationName: null,
      cardName: "Thanks <b>a lot</b>",
      pieces: [{ name: `<img src=x onerror=alert(1)> & "Co"`, deliveryDate: "March 3, 2030" }],
      piecesCount: 3,
      totalCents: 1197,
      remainingCreditCents: 803,
      orderUrl: "https://cardmail.test/orders/7?a=1&b=2",
    });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;");
    expect(mail.html).toContain("Thanks &lt;b&gt;a lot&lt;/b&gt;");
    expect(mail.html).toContain('href="https://cardmail.test/orders/7?a=1&amp;b=2"');
    expect(mail.text).toContain(`<img src=x onerror=alert(1)> & "Co", arriving around March 3, 2030`);
    expect(mail.text).toContain("and 2 more");
    expect(mail.text).toContain("Track this order: https://cardmail.test/orders/7?a=1&b=2");
    expect(mail.text).toMatch(/Paid from credit:\s+\$11\.97\n/);
    expect(mail.text).toMatch(/Credit left:\s+\$8\.03\n/);
  });

  it("word the digest's count and window", () => {
    const one = reminderDigestMail({
      username: "Ann",
      days: 7,
      entries: [{ when: "Sunday, March 10 (in 7 days)", text: "Ada's birthday", sendUrl: "https://cardmail.test/cards?for=1" }],
      calendarUrl: "https://cardmail.test/calendar",
      accountUrl: "https://cardmail.test/account#reminders",
    });
    expect(one.subject).toBe("Coming up in the next 7 days: 1 date to send a card for");
    expect(one.text).toContain("- Sunday, March 10 (in 7 days): Ada's birthday\n  Send a card: https://cardmail.test/cards?for=1");
    expect(one.html).toContain("Ada&#39;s birthday");
  });

  it("tell the old address of an email change: both addresses, when, and the way back", () => {
    const mail = emailChangedMail({
      username: "Ann <3",
      oldEmail: "ann@example.com",
      newEmail: "o'neil@example.org",
      changedAt: "March 14, 2026 at 3:04 PM EDT",
      takeBackUrl: "https://cardmail.test/take-back-account?token=abc",
    });
    expect(mail.kind).toBe("email_change");
    expect(mail.subject).toBe("The email of your Cardmail account was changed");
    expect(mail.text).toMatch(/Old email:\s+ann@example\.com\n/);
    expect(mail.text).toMatch(/New email:\s+o'neil@example\.org\n/);
    expect(mail.text).toMatch(/Changed:\s+March 14, 2026 at 3:04 PM EDT\n/);
    expect(mail.text).toContain("the email goes back to ann@example.com");
    expect(mail.text).toContain("This was not me: take my account back: https://cardmail.test/take-back-account?token=abc");
    expect(mail.html).toContain("Hello Ann &lt;3,");
    expect(mail.html).toContain("o&#39;neil@example.org");
    expect(mail.html).toContain('href="https://cardmail.test/take-back-account?token=abc"');
  });
});
