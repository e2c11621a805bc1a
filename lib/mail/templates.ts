import type { MailKind } from "@/db/schema";
import { formatMoney } from "@/lib/money";

/** A mail ready to store and send: both bodies say the same, the text one for clients without HTML. */
export type RenderedMail = { kind: MailKind; subject: string; html: string; text: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML: a contact named `<b>` or `"` is shown, never interpreted. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** One part of a mail's body, written once and rendered to both HTML and plain text. */
type Block =
  | { type: "paragraph"; text: string }
  | { type: "button"; label: string; href: string }
  | { type: "link"; label: string; href: string }
  | { type: "list"; items: { text: string; link?: { label: string; href: string } }[] }
  | { type: "facts"; rows: [string, string][] }
  | { type: "note"; text: string };

const ROSE = "#be123c";
const INK = "#1c1917";
const MUTED = "#57534e";

function blockHtml(block: Block): string {
  switch (block.type) {
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:${INK}">${escapeHtml(block.text)}</p>`;
    case "note":
      return `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${MUTED}">${escapeHtml(block.text)}</p>`;
    case "button":
      return `<p style="margin:0 0 24px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:${ROSE};color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:10px 18px;border-radius:8px">${escapeHtml(block.label)}</a></p>`;
    case "link":
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED}"><a href="${escapeHtml(block.href)}" style="color:${ROSE}">${escapeHtml(block.label)}</a></p>`;
    case "list":
      return `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;color:${INK}">${block.items
        .map(
          (item) =>
            `<li style="margin:0 0 6px">${escapeHtml(item.text)}${item.link ? ` — <a href="${escapeHtml(item.link.href)}" style="color:${ROSE}">${escapeHtml(item.link.label)}</a>` : ""}</li>`,
        )
        .join("")}</ul>`;
    case "facts":
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:15px;color:${INK}">${block.rows
        .map(([term, value]) => `<tr><td style="padding:2px 16px 2px 0;color:${MUTED}">${escapeHtml(term)}</td><td style="padding:2px 0;font-weight:600">${escapeHtml(value)}</td></tr>`)
        .join("")}</table>`;
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "note":
      return block.text;
    case "button":
    case "link":
      return `${block.label}: ${block.href}`;
    case "list":
      return block.items.map((item) => `- ${item.text}${item.link ? `\n  ${item.link.label}: ${item.link.href}` : ""}`).join("\n");
    case "facts": {
      const width = Math.max(...block.rows.map(([term]) => term.length));
      return block.rows.map(([term, value]) => `${`${term}:`.padEnd(width + 2)}${value}`).join("\n");
    }
  }
}

function render(kind: MailKind, subject: string, heading: string, blocks: Block[]): RenderedMail {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f5f5f4"><tr><td style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;border-collapse:collapse;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px">
<tr><td style="padding:24px 24px 8px;font-size:18px;font-weight:700;color:${ROSE}">&#9993; Cardmail</td></tr>
<tr><td style="padding:8px 24px 8px"><h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:${INK}">${escapeHtml(heading)}</h1>
${blocks.map(blockHtml).join("\n")}
</td></tr></table>
<p style="max-width:560px;margin:12px auto 0;font-size:12px;color:${MUTED};text-align:center">Cardmail: greeting cards mailed for you.</p>
</td></tr></table>
</body></html>`;
  const text = `${heading}\n\n${blocks.map(blockText).join("\n\n")}\n\n-- \nCardmail: greeting cards mailed for you.\n`;
  return { kind, subject, html, text };
}

export function passwordResetMail(input: { username: string; resetUrl: string }): RenderedMail {
  return render("password_reset", "Reset your Cardmail password", "Reset your password", [
    { type: "paragraph", text: `Hello ${input.username}, someone (we hope you) asked to reset the password of your Cardmail account.` },
    { type: "button", label: "Choose a new password", href: input.resetUrl },
    { type: "note", text: "The link works once, within one hour. Setting a new password signs you out everywhere else and revokes your API tokens." },
    { type: "note", text: "If you did not ask for this, ignore this mail: your password stays as it is." },
  ]);
}

export function emailChangeMail(input: { username: string; newEmail: string; confirmUrl: string }): RenderedMail {
  return render("email_change", "Confirm your new email for Cardmail", "Confirm your new email", [
    { type: "paragraph", text: `Hello ${input.username}, please confirm that ${input.newEmail} is the new email of your Cardmail account.` },
    { type: "button", label: "Confirm this email", href: input.confirmUrl },
    { type: "note", text: "The link works once, within 24 hours. Until you confirm, your account keeps its current email." },
    { type: "note", text: "If you did not ask for this, ignore this mail and nothing changes." },
  ]);
}

/**
 * To the owner of an email another account asked to move to: the one who asked is answered as if
 * the address were free (so the form tells nobody which emails have an account), and the owner
 * hears of it here instead of getting a confirmation link.
 */
export function emailInUseMail(input: { username: string; email: string; forgotPasswordUrl: string }): RenderedMail {
  return render("email_change", "Someone tried to use your email on Cardmail", "Your email is already in use", [
    { type: "paragraph", text: `Hello ${input.username}, someone asked to make ${input.email} the email of another Cardmail account. It is already the email of your account, so nothing was changed.` },
    { type: "paragraph", text: "If it was you: you already have an account with this email. Sign in with it, or choose a new password if you forgot it." },
    { type: "link", label: "Forgot your password?", href: input.forgotPasswordUrl },
    { type: "note", text: "If it was not you, there is nothing to do: your account and its email stay as they are." },
  ]);
}

/**
 * To the address an account just left: a change the owner did not make means someone else knows
 * the password, and this mail is the owner's one chance to hear of it at an address they read.
 * The old password still signs in until the intruder changes it too, so the way back is to sign
 * in at once; the forgotten-password page would mail its link to the new address, not to them.
 */
export function emailChangedMail(input: { username: string; oldEmail: string; newEmail: string; changedAt: string; takeBackUrl: string }): RenderedMail {
  return render("email_change", "The email of your Cardmail account was changed", "Your account has a new email", [
    { type: "paragraph", text: `Hello ${input.username}, the email of your Cardmail account was changed, and mail about the account now goes to the new address.` },
    {
      type: "facts",
      rows: [
        ["Old email", input.oldEmail],
        ["New email", input.newEmail],
        ["Changed", input.changedAt],
      ],
    },
    { type: "paragraph", text: "If you made this change, there is nothing more to do." },
    {
      type: "paragraph",
      text: `If you did not, someone else knows your password. Take the account back within 7 days with the button below: the email goes back to ${input.oldEmail}, you choose a new password, and everyone else is signed out, their API tokens revoked.`,
    },
    { type: "button", label: "This was not me: take my account back", href: input.takeBackUrl },
  ]);
}

export type ReceiptPiece = { name: string; deliveryDate: string };

export function orderReceiptMail(input: {
  username: string;
  orderId: number;
  source: "checkout" | "automation";
  automationName: string | null;
  cardName: string | null;
  pieces: ReceiptPiece[];
  piecesCount: number;
  totalCents: number;
  remainingCreditCents: number;
  orderUrl: string;
}): RenderedMail {
  const cards = `${input.piecesCount} ${input.piecesCount === 1 ? "card" : "cards"}`;
  const intro =
    input.source === "automation"
      ? `Hello ${input.username}, your automation${input.automationName ? ` "${input.automationName}"` : ""} ordered ${cards} for you today. Here is the receipt.`
      : `Hello ${input.username}, thank you for your order of ${cards}. Here is the receipt.`;
  const shown = input.pieces.map((piece) => ({ text: `${piece.name}, arriving around ${piece.deliveryDate}` }));
  const more = input.piecesCount - input.pieces.length;
  return render("order_receipt", `Your Cardmail receipt for order #${input.orderId}`, `Receipt for order #${input.orderId}`, [
    { type: "paragraph", text: intro },
    {
      type: "facts",
      rows: [
        ["Order", `#${input.orderId}`],
        ...(input.cardName ? ([["Card", input.cardName]] as [string, string][]) : []),
        ["Cards", String(input.piecesCount)],
        ["Paid from credit", formatMoney(input.totalCents)],
        ["Credit left", formatMoney(input.remainingCreditCents)],
      ],
    },
    { type: "list", items: more > 0 ? [...shown, { text: `and ${more} more` }] : shown },
    { type: "button", label: "Track this order", href: input.orderUrl },
  ]);
}

export function automationSkippedMail(input: {
  username: string;
  automationName: string;
  neededCents: number;
  availableCents: number;
  automationUrl: string;
  addCreditUrl: string;
}): RenderedMail {
  const missing = Math.max(0, input.neededCents - input.availableCents);
  return render("automation_skipped", `Not enough credit: "${input.automationName}" sent no cards today`, "An automation could not send its cards", [
    {
      type: "paragraph",
      text: `Hello ${input.username}, your automation "${input.automationName}" had cards to send today, but your credit does not cover them, so none were sent.`,
    },
    {
      type: "facts",
      rows: [
        ["Needed", formatMoney(input.neededCents)],
        ["Your credit", formatMoney(input.availableCents)],
        ["Missing", formatMoney(missing)],
      ],
    },
    { type: "paragraph", text: `Add at least ${formatMoney(missing)} of credit today and the automation sends them on its next pass.` },
    { type: "button", label: "Add credit", href: input.addCreditUrl },
    { type: "link", label: "See the automation", href: input.automationUrl },
  ]);
}

export function cardCancelledMail(input: {
  username: string;
  recipientName: string;
  cardName: string | null;
  orderId: number;
  refundCents: number;
  creditCents: number;
  orderUrl: string;
}): RenderedMail {
  const card = input.cardName ? `"${input.cardName}" card` : "card";
  return render("card_cancelled", `Cancelled and refunded: your card to ${input.recipientName}`, "A card was cancelled", [
    {
      type: "paragraph",
      text: `Hello ${input.username}, your ${card} to ${input.recipientName} (order #${input.orderId}) was cancelled before it was printed. It will not be mailed, and its price is back in your credit.`,
    },
    {
      type: "facts",
      rows: [
        ["Refunded", formatMoney(input.refundCents)],
        ["Your credit now", formatMoney(input.creditCents)],
      ],
    },
    { type: "link", label: "See the order", href: input.orderUrl },
  ]);
}

export type DigestEntry = { when: string; text: string; sendUrl: string };

export function reminderDigestMail(input: { username: string; days: number; entries: DigestEntry[]; calendarUrl: string; accountUrl: string }): RenderedMail {
  const count = input.entries.length;
  const dates = `${count} ${count === 1 ? "date" : "dates"}`;
  return render("reminder_digest", `Coming up in the next ${input.days} days: ${dates} to send a card for`, `${dates} coming up`, [
    {
      type: "paragraph",
      text: `Hello ${input.username}, these birthdays and anniversaries come in the next ${input.days} days, and no order or automation sends a card for them yet.`,
    },
    { type: "list", items: input.entries.map((entry) => ({ text: `${entry.when}: ${entry.text}`, link: { label: "Send a card", href: entry.sendUrl } })) },
    { type: "button", label: "Open the calendar", href: input.calendarUrl },
    { type: "note", text: "You get this mail on the days dates come up that nothing covers yet." },
    { type: "link", label: "Change how far ahead it looks, or turn it off", href: input.accountUrl },
  ]);
}
