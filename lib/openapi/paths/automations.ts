import * as examples from "../examples";
import { error, json, jsonBody, validation, type Operation } from "../operations";
import { automationParams } from "../parameters";
import { automationRunsQuery, createAutomationRequest, updateAutomationRequest, upcomingQuery } from "../request-schemas";
import * as responses from "../responses";

const automationNotFound = error("Unknown automation id, a non-integer one, or another user's automation", { automationNotFound: "Automation not found" });

const RULES = [
  "An occurrence is one event of one person in one year: its event date E (Feb 29 is Feb 28 in a common year), delivery date D = E - days_before, send date S = D - 7.",
  "It is due on day T (UTC) when S <= T and T + 7 <= E, and then goes out with `scheduled_delivery_date` max(D, T + 7); an occurrence missed past that is never sent.",
].join(" ");

const HOUSEHOLDS =
  "One card per household: occurrences of one kind on one date for contacts at one address (street, apt and ZIP, ignoring case, spacing and punctuation) are one piece addressed to all of them (`Carlos & Elena Martinez`; different last names `Carlos Martinez & Elena Ruiz`), `{first_name}` all their first names (`Carlos & Elena`); the run counts them in `households_merged`.";

const SKIP_DUE_NOW =
  "`skip_due_now` (boolean, default false; only with `active: true`, else 422): what is due at that moment is recorded as a skipped run (`reason: \"skipped_on_activation\"`, with its `credit_needed`) and never sent, so turning an automation on spends nothing at once; the dates after it go out as usual. Without it, what is due goes out (and is charged) within moments.";

const invalidFields = validation("name, card_id (not an active card), events (1 to 5 distinct), group_id (not one of your groups), message (1 to 1000, only the placeholders), signoff, days_before (0 to 30), skip_due_now (true without active true)", {
  message: "The message field may only use the placeholders {first_name}, {last_name}, {contact_first_name}, {age}, {years}; not {name}.",
  errors: { message: ["The message field may only use the placeholders {first_name}, {last_name}, {contact_first_name}, {age}, {years}; not {name}."] },
});

const listAutomations: Operation = {
  method: "get",
  path: "/automations",
  operationId: "listAutomations",
  tags: ["Automations"],
  summary: "List automations",
  extension: true,
  description: "the user's automations, oldest first (not paginated).",
  responses: { 200: { description: "The automations.", content: json(responses.automationsResponse, examples.automationsExample) } },
};

const createAutomation: Operation = {
  method: "post",
  path: "/automations",
  operationId: "createAutomation",
  tags: ["Automations"],
  summary: "Create an automation",
  extension: true,
  description: [
    "creates an automation that mails a card for every birthday or anniversary it serves, charged to the account's credit.",
    "",
    `- ${RULES}`,
    "- Everything one automation has due in one scheduler pass (at least once a minute) becomes one order, charged and recorded like a checkout; each occurrence is sent at most once.",
    `- ${SKIP_DUE_NOW}`,
    "- Placeholders: `{first_name}` (whose date it is: the contact, spouse, child or pet), `{last_name}` (the contact's), `{contact_first_name}` (the addressee), `{age}` (the age turned, empty when the birth year is unknown), `{years}` (years married, empty when unknown). Any other `{...}` is 422 on `message`. `{last_name}s` is the family's plural: `-es` after s, x, z, ch and sh (`the Martinezes`, `the Joneses`), `-s` otherwise (`the Kennedys`), each name of a household on its own.",
    `- ${HOUSEHOLDS}`,
    "- A contact without address, city, state and zip is left out and reported in the run. Without enough credit the run is `skipped` (`insufficient_credit`) and retried every pass while the cards can still arrive in time; a retired card skips it (`card_unavailable`).",
    "- Deleting the automation's group deletes the automation (it never widens to every contact).",
  ].join("\n"),
  request: { body: jsonBody(createAutomationRequest, examples.automationRequestExample) },
  responses: {
    201: { description: "The created automation.", content: json(responses.automationDataResponse, examples.automationExample) },
    422: invalidFields,
  },
};

const getAutomation: Operation = {
  method: "get",
  path: "/automations/{automationId}",
  operationId: "getAutomation",
  tags: ["Automations"],
  summary: "Automation details",
  extension: true,
  description: "one of the user's automations.",
  request: { params: automationParams },
  responses: {
    200: { description: "The automation.", content: json(responses.automationDataResponse, examples.automationExample) },
    404: automationNotFound,
  },
};

const updateAutomation: Operation = {
  method: "patch",
  path: "/automations/{automationId}",
  operationId: "updateAutomation",
  tags: ["Automations"],
  summary: "Change an automation",
  extension: true,
  description: `changes only the fields sent, with the same rules as create. Occurrences already sent stay sent. With \`active: true\`, ${SKIP_DUE_NOW}`,
  request: { params: automationParams, body: jsonBody(updateAutomationRequest, { active: false }) },
  responses: {
    200: { description: "The changed automation.", content: json(responses.automationDataResponse, examples.automationExample) },
    404: automationNotFound,
    422: invalidFields,
  },
};

const deleteAutomation: Operation = {
  method: "delete",
  path: "/automations/{automationId}",
  operationId: "deleteAutomation",
  tags: ["Automations"],
  summary: "Delete an automation",
  extension: true,
  description: "deletes the automation and its runs; the orders it placed stay.",
  request: { params: automationParams },
  responses: {
    204: { description: "Deleted; no body." },
    404: automationNotFound,
  },
};

const listUpcoming: Operation = {
  method: "get",
  path: "/automations/{automationId}/upcoming",
  operationId: "listAutomationUpcoming",
  tags: ["Automations"],
  summary: "Upcoming sends of an automation",
  extension: true,
  description: [
    "what the automation would send, active or not: the occurrences not sent yet with S <= today + `days` and today + 7 <= E, to contacts with a full address, sorted by send date, event date and name; and, listed with them, those it is too late for (today <= E <= today + `days` but E < today + 7).",
    "",
    `- ${RULES}`,
    "- An occurrence already due shows today as its `send_date` and the day it would now arrive as its `delivery_date`.",
    "- `status`: `scheduled` (arrives on its `delivery_date`), `late` (due already, arrives after its `delivery_date` but by the date itself; `days_early` is the event date minus the day it arrives), `too_late` (can no longer arrive by the date: never sent, not counted in `total`). The same rule decides what the scheduler sends and what the calendar marks as automated.",
    `- ${HOUSEHOLDS} Such a piece is one item, \`contact_uuids\` listing the household's contacts, listed once where its first member sorts (so a page may hold fewer than \`per_page\` items).`,
    "- Paged: `per_page` 1 to 100, default 15, `cursor` from `next_cursor` (null on the last page). A year of a large address book holds hundreds of thousands of sends; the pages are cut by the database in the sort order.",
    "- `total` is what every upcoming piece of the window that can still arrive costs together (all pages, not only the listed ones; a household's card once), `credit_available` the account's credit, both dollars.",
  ].join("\n"),
  request: { params: automationParams, query: upcomingQuery },
  responses: {
    200: { description: "The upcoming sends.", content: json(responses.upcomingResponse, examples.upcomingExample) },
    404: automationNotFound,
    422: validation("days out of 1..366, per_page out of 1..100, a bad cursor"),
  },
};

const listRuns: Operation = {
  method: "get",
  path: "/automations/{automationId}/runs",
  operationId: "listAutomationRuns",
  tags: ["Automations"],
  summary: "Runs of an automation",
  extension: true,
  description:
    "what each scheduler pass did for the automation, newest first: the order it placed, or why it was `skipped`, with the occurrences left out for a missing address and `households_merged`, the pieces sent to a household as one card. A run that keeps being skipped is one row per day; what was due when the automation was turned on with `skip_due_now` is a skipped run of its own (`skipped_on_activation`), never sent and sending no webhook event. `per_page` 1 to 100, default 15; `next_cursor` null on the last page.",
  request: { params: automationParams, query: automationRunsQuery },
  responses: {
    200: { description: "A page of runs.", content: json(responses.automationRunsPageResponse, examples.automationRunsExample) },
    404: automationNotFound,
    422: validation("per_page out of 1..100, a bad cursor"),
  },
};

export const automationOperations: Operation[] = [listAutomations, createAutomation, getAutomation, updateAutomation, deleteAutomation, listUpcoming, listRuns];
