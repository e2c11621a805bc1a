// GET, POST /address/{secret} — the page a friend opens from a shared link, and its form's submit (plain HTML, no JavaScript)
import { HONEYPOT_FIELD, SUBMITTED_FIELDS } from "@/lib/address-requests/schema";
import { findOpenLink } from "@/lib/address-requests/service";
import { submitAddress } from "@/lib/address-requests/submissions";
import { route, type RouteHandler } from "@/lib/api/handler";
import { clientIp, readBodyText } from "@/lib/api/http";
import { publicServiceContext } from "@/lib/context";
import { AppError, type FieldErrors } from "@/lib/errors";
import { CHILD_ROWS, closedHtml, formHtml, thanksHtml, tooManyHtml, type FormValues } from "./page-html";

const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // A page behind a secret: kept by no cache, and its address sent to no other site.
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
      ...headers,
    },
  });

const secretOf = async (context: { params: Promise<Record<string, string | string[]>> }) => {
  const { secret } = await context.params;
  return typeof secret === "string" ? secret : "";
};

const isClosed = (error: unknown) => error instanceof AppError && error.code === "not_found";

const ROW_FIELDS = ["first_name", "birth_month", "birth_day", "birth_year"] as const;

/**
 * The form's fields as the JSON submit takes them. Children come as `children.<row>.<field>`;
 * empty rows are left out, and `rowOf` maps a child's place in the list back to its row.
 */
function submissionOf(values: FormValues): { body: Record<string, unknown>; rowOf: number[] } {
  const body: Record<string, unknown> = {};
  for (const name of SUBMITTED_FIELDS) body[name] = values[name] ?? "";
  const rowOf: number[] = [];
  const children: Record<string, string>[] = [];
  for (let row = 0; row < CHILD_ROWS; row++) {
    const child = Object.fromEntries(ROW_FIELDS.map((field) => [field, values[`children.${row}.${field}`] ?? ""]));
    if (Object.values(child).every((value) => value.trim() === "")) continue;
    rowOf.push(row);
    children.push(child);
  }
  body.children = children;
  body[HONEYPOT_FIELD] = values[HONEYPOT_FIELD] ?? "";
  return { body, rowOf };
}

/** Errors of `children.<i>.…` renamed to the row the field is in. */
function errorsByRow(errors: FieldErrors, rowOf: number[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key.replace(/^children\.(\d+)\./, (_, i: string) => `children.${rowOf[Number(i)] ?? i}.`), messages]));
}

const page: RouteHandler = async (req, context) => {
  const secret = await secretOf(context);
  const { db } = await publicServiceContext();
  try {
    const link = await findOpenLink(db, secret);
    if (new URL(req.url).searchParams.get("sent") === "1") return html(thanksHtml(link.ownerName));
    return html(formHtml({ ownerName: link.ownerName, message: link.message, action: `/address/${secret}` }));
  } catch (error) {
    if (isClosed(error)) return html(closedHtml(), 404);
    throw error;
  }
};

const send: RouteHandler = async (req, context) => {
  const secret = await secretOf(context);
  const { db } = await publicServiceContext();
  let link;
  try {
    link = await findOpenLink(db, secret);
  } catch (error) {
    if (isClosed(error)) return html(closedHtml(), 404);
    throw error;
  }
  const values: FormValues = {};
  for (const [key, value] of new URLSearchParams(await readBodyText(req))) values[key] = value;
  const { body, rowOf } = submissionOf(values);
  try {
    await submitAddress(db, secret, body, clientIp(req));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") return html(closedHtml(), 404);
    if (error.code === "too_many_requests") return html(tooManyHtml(error.message), 429, { "Retry-After": String(error.details.retryAfterSeconds ?? 3600) });
    if (error.code !== "validation") throw error;
    const errors = errorsByRow(error.details.errors ?? {}, rowOf);
    delete values[HONEYPOT_FIELD];
    return html(formHtml({ ownerName: link.ownerName, message: link.message, action: `/address/${secret}`, values, errors }), 422);
  }
  // Post, redirect, get: a reload of the thank-you page sends nothing twice.
  return new Response(null, { status: 303, headers: { Location: `/address/${secret}?sent=1`, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
};

export const { GET, POST, PUT, PATCH, DELETE } = route({ GET: page, POST: send });
