import type { FieldErrors } from "@/lib/errors";

/*
 * The page a friend opens from a shared link: plain HTML and a little CSS, written here rather than
 * rendered by React, so it ships no JavaScript at all (it is the one page strangers see, often on a
 * phone on a slow network) and makes no request but its own. The form posts back to the same URL
 * and works in any browser. Everything shown that someone typed is escaped.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:34rem;margin:0 auto;padding:1.25rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
h2,legend{font-size:1.05rem;font-weight:600;padding:0;margin:0 0 .5rem}
p{margin:0 0 1rem}
.message{white-space:pre-line;background:#fff;border:1px solid #d6d3d1;border-radius:.5rem;padding:.75rem 1rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}
details{margin:0 0 1.25rem;border:1px solid #d6d3d1;border-radius:.5rem;background:#fff;padding:.5rem .75rem}
summary{cursor:pointer;font-weight:600;min-height:2.75rem;display:flex;align-items:center}
.row{display:grid;gap:.75rem;grid-template-columns:1fr 1fr}
.date{display:grid;gap:.5rem;grid-template-columns:2fr 1fr 1.3fr}
.field{margin:0 0 .75rem}
label{display:block;font-size:.9rem;font-weight:500;margin:0 0 .25rem}
input,select{width:100%;font:inherit;min-height:2.75rem;padding:.5rem .625rem;border:1px solid #78716c;border-radius:.375rem;background:#fff;color:inherit}
input:focus,select:focus{outline:3px solid #2563eb;outline-offset:1px}
[aria-invalid=true]{border-color:#b91c1c}
.hint{font-size:.85rem;color:#57534e;margin:.25rem 0 0}
.error{font-size:.875rem;color:#b91c1c;margin:.25rem 0 0}
.summary{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;background:#fef2f2;margin:0 0 1.25rem}
.summary ul{margin:.25rem 0 0;padding-left:1.25rem}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:600;width:100%;min-height:3rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus{outline:3px solid #1c1917;outline-offset:2px}
.fine{font-size:.85rem;color:#57534e;margin-top:1rem}
`.replace(/\n/g, "");

/** A whole document: no script, no external request (the icon is empty so the browser asks for none). */
export function documentHtml(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="description" content="Send your mailing address for a greeting card."><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
}

export const closedHtml = () =>
  documentHtml("This link is closed", `<h1>This link is closed</h1><p>Whoever sent it to you no longer takes addresses through it. If you still want to send yours, ask them for a new link.</p>`);

export const thanksHtml = (ownerName: string) =>
  documentHtml(
    "Thank you",
    `<h1>Thank you!</h1><p>Your address is on its way to ${escapeHtml(ownerName)}. They will add it to their address book themselves; nothing else happens with it.</p><p>You can close this page.</p>`,
  );

export const tooManyHtml = (message: string) => documentHtml("Please try again later", `<h1>Please try again later</h1><p>${escapeHtml(message)}</p>`);

export type FormValues = Record<string, string>;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** How many children the form has rows for (the API takes up to 20). */
export const CHILD_ROWS = 4;

type Input = { name: string; label: string; autocomplete?: string; type?: string; inputmode?: string; hint?: string; required?: boolean; /** In a group whose legend says it is optional. */ bare?: boolean };

function renderErrors(errors: FieldErrors, name: string): { attrs: string; html: string } {
  const messages = errors[name];
  if (!messages?.length) return { attrs: "", html: "" };
  const id = `${name.replace(/\./g, "-")}-error`;
  return { attrs: ` aria-invalid="true" aria-describedby="${id}"`, html: `<p class="error" id="${id}">${messages.map(escapeHtml).join(" ")}</p>` };
}

function input(field: Input, values: FormValues, errors: FieldErrors): string {
  const id = field.name.replace(/\./g, "-");
  const error = renderErrors(errors, field.name);
  const value = values[field.name] ?? "";
  const hintId = field.hint ? `${id}-hint` : "";
  const describedBy = [error.attrs ? `${id}-error` : "", hintId].filter(Boolean).join(" ");
  return `<div class="field"><label for="${id}">${escapeHtml(field.label)}${field.required || field.bare ? "" : ' <span class="hint">(optional)</span>'}</label><input id="${id}" name="${field.name}" type="${field.type ?? "text"}"${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ""}${field.inputmode ? ` inputmode="${field.inputmode}"` : ""}${field.required ? " required" : ""} value="${escapeHtml(value)}"${error.attrs ? ' aria-invalid="true"' : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}>${field.hint ? `<p class="hint" id="${hintId}">${escapeHtml(field.hint)}</p>` : ""}${error.html}</div>`;
}

/** Month, day and (optional) year of a date, as three labelled controls. */
function dateFields(prefix: string, legend: string, values: FormValues, errors: FieldErrors, autocomplete?: string): string {
  const month = `${prefix}_month`;
  const monthId = month.replace(/\./g, "-");
  const monthError = renderErrors(errors, month);
  const options = [`<option value="">Month</option>`, ...MONTHS.map((name, i) => `<option value="${i + 1}"${values[month] === String(i + 1) ? " selected" : ""}>${name}</option>`)].join("");
  const ac = (part: string) => (autocomplete ? `${autocomplete}-${part}` : undefined);
  return `<fieldset><legend>${escapeHtml(legend)} <span class="hint">(optional)</span></legend><div class="date"><div class="field"><label for="${monthId}">Month</label><select id="${monthId}" name="${month}"${autocomplete ? ` autocomplete="${ac("month")}"` : ""}${monthError.attrs}>${options}</select>${monthError.html}</div>${input({ name: `${prefix}_day`, label: "Day", inputmode: "numeric", autocomplete: ac("day"), bare: true }, values, errors)}${input({ name: `${prefix}_year`, label: "Year", inputmode: "numeric", autocomplete: ac("year"), bare: true }, values, errors)}</div></fieldset>`;
}

const hasErrorIn = (errors: FieldErrors, names: string[]) => Object.keys(errors).some((key) => names.some((name) => key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}_`)));
const hasValueIn = (values: FormValues, names: string[]) => Object.entries(values).some(([key, value]) => value !== "" && names.some((name) => key.startsWith(name)));

function section(title: string, names: string[], values: FormValues, errors: FieldErrors, body: string): string {
  const open = hasErrorIn(errors, names) || hasValueIn(values, names);
  return `<details${open ? " open" : ""}><summary>${escapeHtml(title)}</summary>${body}</details>`;
}

export type FormPage = { ownerName: string; message: string | null; action: string; values?: FormValues; errors?: FieldErrors };

/** The form, with what the sender typed and the errors beside their fields when it comes back. */
export function formHtml({ ownerName, message, action, values = {}, errors = {} }: FormPage): string {
  const owner = escapeHtml(ownerName);
  const errorList = Object.values(errors).flat();
  const summary = errorList.length
    ? `<div class="summary" role="alert" tabindex="-1"><h2>Please check ${errorList.length === 1 ? "one thing" : `${errorList.length} things`}</h2><ul>${errorList.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul></div>`
    : "";
  const children = Array.from({ length: CHILD_ROWS }, (_, i) =>
    `<fieldset><legend>Child ${i + 1}</legend>${input({ name: `children.${i}.first_name`, label: "First name", autocomplete: "off", bare: true }, values, errors)}${dateFields(`children.${i}.birth`, "Birthday", values, errors)}</fieldset>`,
  ).join("");
  const body = `<h1>${owner} would like to send you a card</h1>${message ? `<p class="message">${escapeHtml(message)}</p>` : ""}<p>Fill in where it should go. Only ${owner} will see it.</p>${summary}
<form method="post" action="${escapeHtml(action)}" novalidate>
<fieldset><legend>Your name</legend><div class="row">${input({ name: "first_name", label: "First name", autocomplete: "given-name", required: true }, values, errors)}${input({ name: "last_name", label: "Last name", autocomplete: "family-name", required: true }, values, errors)}</div></fieldset>
<fieldset><legend>Mailing address</legend>${input({ name: "address", label: "Street address", autocomplete: "address-line1", required: true }, values, errors)}${input({ name: "apt", label: "Apt, suite, unit", autocomplete: "address-line2" }, values, errors)}${input({ name: "city", label: "City", autocomplete: "address-level2", required: true }, values, errors)}<div class="row">${input({ name: "state", label: "State", autocomplete: "address-level1", hint: "Required in the US" }, values, errors)}${input({ name: "zip", label: "ZIP or postal code", autocomplete: "postal-code", required: true }, values, errors)}</div>${input({ name: "country", label: "Country", autocomplete: "country-name", hint: "Leave empty for the United States" }, values, errors)}</fieldset>
${input({ name: "email", label: "Email", type: "email", autocomplete: "email" }, values, errors)}
${dateFields("birth", "Your birthday", values, errors, "bday")}
${section("Spouse or partner", ["spouse_"], values, errors, `<div class="row">${input({ name: "spouse_first_name", label: "First name", autocomplete: "off", bare: true }, values, errors)}${input({ name: "spouse_last_name", label: "Last name", autocomplete: "off", bare: true }, values, errors)}</div>${dateFields("spouse_birth", "Their birthday", values, errors)}`)}
${section("Anniversary", ["anniversary_"], values, errors, dateFields("anniversary", "Wedding anniversary", values, errors))}
${section("Children", ["children"], values, errors, children)}
<div class="trap" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off" value=""></div>
<button type="submit">Send my address</button>
</form><p class="fine">No account needed. This page sets no cookies and loads nothing from anyone else.</p>`;
  return documentHtml(`${ownerName} asks for your address`, body);
}
