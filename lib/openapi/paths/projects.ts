import * as examples from "../examples";
import { error, json, jsonBody, validation, type Operation } from "../operations";
import { idempotencyHeaders, projectParams, projectUuidParams, replayHeader } from "../parameters";
import { addRecipientsRequest, createProjectRequest, projectRecipientsQuery, projectsQuery } from "../request-schemas";
import * as responses from "../responses";

/** Also the checkout's 404 (orders). */
export const projectNotFound = error("Unknown project, a malformed uuid, or another user's project", { projectNotFound: "Project not found" });

const listProjects: Operation = {
  method: "get",
  path: "/projects",
  operationId: "listProjects",
  tags: ["Projects"],
  summary: "Paginated projects",
  description: "The user's projects, newest first. `per_page` 1 to 100, default 15 (out of range is 422); `next_cursor` is the `cursor` of the next page and null on the last one.",
  request: { query: projectsQuery },
  responses: {
    200: { description: "A page of projects.", content: json(responses.projectsPageResponse, examples.projectsPageExample) },
    422: validation("per_page out of 1..100, a bad cursor"),
  },
};

const createProject: Operation = {
  method: "post",
  path: "/projects",
  operationId: "createProject",
  tags: ["Projects"],
  summary: "Create a project from a card",
  extension: true,
  description:
    "starts a project (a card prepared for sending) from an active card. `category_id`, `occasion_id`, `is_box` and `is_postcard` are taken from the card. `name` is required (1 to 255 characters); `automation_message` and `automation_signoff` are optional. The message must fit the card's text box: at most 450 characters on a folded card, 300 on a boxed card (`is_box`), 280 on a postcard (`is_postcard`), counted as people count them (an emoji is one), placeholders as written; the sign-off at most 80. Longer is 422 on the field, `This message is 140 characters too long for this card`. `{first_name}` and `{last_name}` in the message become each recipient's at checkout. An unknown or inactive card is 422 on `card_id`.",
  request: { body: jsonBody(createProjectRequest, examples.createProjectRequestExample) },
  responses: {
    201: { description: "The created project.", content: json(responses.projectDataResponse, examples.projectDataExample) },
    422: validation("an unknown or inactive card, a missing name, a message or sign-off longer than the card holds", {
      message: "The selected card id is invalid.",
      errors: { card_id: ["The selected card id is invalid."] },
    }),
  },
};

const getProject: Operation = {
  method: "get",
  path: "/projects/{uuid}",
  operationId: "getProject",
  tags: ["Projects"],
  summary: "One project with its recipients",
  extension: true,
  description:
    "one of the user's projects with the first page of its recipients (at most 100): each a full Contact plus its `override_message` and its `address_warnings` (extension: `[{ field, message }]`, what may keep the card from arriving, such as `This ZIP code is in Oregon, not Georgia`; empty when the address looks deliverable; warnings only, checkout mails as before), ordered by last name, first name, then uuid. Recipients already ordered stay listed. `recipients_count` says how many there are; `recipients_next_cursor`, when not null, is the `cursor` of `GET /projects/{uuid}/recipients` that reads the rest.",
  request: { params: projectParams },
  responses: {
    200: { description: "The project and its recipients.", content: json(responses.projectDetailDataResponse, examples.projectDetailExample) },
    404: projectNotFound,
  },
};

const listProjectRecipients: Operation = {
  method: "get",
  path: "/projects/{uuid}/recipients",
  operationId: "listProjectRecipients",
  tags: ["Projects"],
  summary: "Paginated recipients of a project",
  extension: true,
  description:
    "the project's recipients a page at a time, in the order of `GET /projects/{uuid}`: each a full Contact plus its `override_message` and `address_warnings`. `per_page` 1 to 100, default 100 (out of range is 422); start with no cursor or with `recipients_next_cursor`; `next_cursor` is the `cursor` of the next page and null on the last one.",
  request: { params: projectParams, query: projectRecipientsQuery },
  responses: {
    200: { description: "A page of recipients.", content: json(responses.projectRecipientsPageResponse, examples.projectRecipientsPageExample) },
    404: projectNotFound,
    422: validation("per_page out of 1..100, a tampered cursor or another list's"),
  },
};

const addRecipients: Operation = {
  method: "post",
  path: "/projects/add-recipients/{projectUuid}",
  operationId: "addRecipients",
  tags: ["Projects"],
  summary: "Add recipients to a project",
  description: [
    "Adds 1 to 1000 recipients to a project, creating or updating contacts in the same transaction.",
    "",
    "- A recipient needs `first_name`, `last_name`, `address`, `city`, `state` and `zip`; `company`, `apt`, `email`, `internal_id`, `override_message` and any other Contact field (phone, birthdays, spouse, children, pets, notes...) are optional and validated as on `POST /contacts`.",
    "- A recipient whose `internal_id` matches one of your contacts updates that contact: the fields it sends overwrite (null clears), the fields it leaves out keep their value, `children` / `pets` when sent replace the lists; a contact whose fields sent are its own already, sending no `children` or `pets`, is not written (its `updated_at` stays) and still counts in `contacts_updated`. Any other recipient becomes a new contact, with `country` defaulting to `US`.",
    "- One `internal_id` may appear only once per request (422 on `recipients.N.internal_id`).",
    "- `override_message` must fit the project's card like its `automation_message` (450 characters on a folded card, 300 on a boxed card, 280 on a postcard): longer is 422 on `recipients.N.override_message`, `This message is 140 characters too long for this card`.",
    "- A contact is on a project at most once: adding it again updates its `override_message`. A recipient that was already ordered is not charged again by the next checkout.",
    "- Supports `Idempotency-Key`.",
    "- Quotas: a project holds at most 10,000 recipients and an address book at most 200,000 contacts. A request that would take either past its quota is refused whole, 422 on `recipients` (`A project can have at most 10,000 recipients; this would make 10,250.`), and changes nothing; recipients that only update existing contacts never count against the address book.",
  ].join("\n"),
  request: {
    params: projectUuidParams,
    headers: idempotencyHeaders,
    body: jsonBody(addRecipientsRequest, examples.addRecipientsRequestExample),
  },
  responses: {
    200: { description: "How many contacts were created and updated.", headers: replayHeader, content: json(responses.addRecipientsResponse, examples.addRecipientsExample) },
    403: error("The project belongs to another user", { forbidden: "You do not have permission to update this project" }),
    404: error("Unknown project or a malformed uuid", { projectNotFound: "Project not found" }),
    409: error("Another change gave one of your contacts the internal_id of a new recipient while the request was written; nothing was written: send it again", {
      internalIdTaken: "The address book changed while these contacts were written: another change took one of their internal ids. Send them again.",
    }),
    422: validation("no recipients or more than 1000, a missing address part, a repeated internal_id, an override_message longer than the card holds, an Idempotency-Key reused for another request, a project or address book past its quota", {
      message: "The zip field is required.",
      errors: { "recipients.1.zip": ["The zip field is required."] },
    }),
  },
};

export const projectOperations: Operation[] = [listProjects, createProject, getProject, listProjectRecipients, addRecipients];
