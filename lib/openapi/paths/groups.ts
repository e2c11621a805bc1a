import * as examples from "../examples";
import { error, json, jsonBody, validation, type HeadersObject, type Operation } from "../operations";
import { groupContactParams, groupParams } from "../parameters";
import { groupContactsQuery, groupRequest } from "../request-schemas";
import * as responses from "../responses";

const groupNotFound = error("Unknown group id, a non-integer one, or another user's group", { groupNotFound: "Group not found" });

const listGroups: Operation = {
  method: "get",
  path: "/groups",
  operationId: "listGroups",
  tags: ["Groups"],
  summary: "List groups",
  description: "All of the user's groups ordered by name, as a plain array (not paginated).",
  responses: { 200: { description: "The groups.", content: json(responses.groupsResponse, examples.groupsExample) } },
};

const createGroup: Operation = {
  method: "post",
  path: "/groups",
  operationId: "createGroup",
  tags: ["Groups"],
  summary: "Create a group",
  description: "`name` is required (1 to 255 characters after trimming), `description` optional (up to 2000). `id` and the timestamps, if sent, are ignored. Returns the group unwrapped.",
  request: { body: jsonBody(groupRequest, examples.groupRequestExample) },
  responses: {
    201: { description: "The created group.", content: json(responses.groupResponse, examples.groupExample) },
    422: validation("name missing or too long, description too long", {
      message: "The name field is required.",
      errors: { name: ["The name field is required."] },
    }),
  },
};

const getGroup: Operation = {
  method: "get",
  path: "/groups/{groupId}",
  operationId: "getGroup",
  tags: ["Groups"],
  summary: "Group details",
  description: "One of the user's groups, unwrapped.",
  request: { params: groupParams },
  responses: {
    200: { description: "The group.", content: json(responses.groupResponse, examples.groupExample) },
    404: groupNotFound,
  },
};

const updateGroup: Operation = {
  method: "put",
  path: "/groups/{groupId}",
  operationId: "updateGroup",
  tags: ["Groups"],
  summary: "Update a group",
  description: "Replaces the group's name and description with the same rules as create: a description left out is cleared, like one sent as null or \"\".",
  request: { params: groupParams, body: jsonBody(groupRequest, examples.groupRequestExample) },
  responses: {
    200: { description: "The updated group.", content: json(responses.groupResponse, examples.groupExample) },
    404: groupNotFound,
    422: validation("name missing or too long, description too long"),
  },
};

const deleteGroup: Operation = {
  method: "delete",
  path: "/groups/{groupId}",
  operationId: "deleteGroup",
  tags: ["Groups"],
  summary: "Delete a group",
  description: "Deletes the group. Its contacts stay in the address book.",
  request: { params: groupParams },
  responses: { 204: { description: "Deleted. No body." }, 404: groupNotFound },
};

const groupContactsHeaders: HeadersObject = {
  "X-Total-Count": { description: "How many contacts the group holds, whatever part of them this response carries.", schema: { type: "string", example: "1204" } },
  Link: {
    description: "Only when more contacts follow: `<url>; rel=\"next\"`, the absolute URL of the next part (the same `per_page`, and a `cursor`).",
    schema: { type: "string" },
  },
};

const listGroupContacts: Operation = {
  method: "get",
  path: "/groups/{groupId}/contacts",
  operationId: "listGroupContacts",
  tags: ["Groups"],
  summary: "Contacts of a group",
  description: [
    "The group's contacts as a plain array of Contact, ordered by last name, first name, then uuid.",
    "",
    "- Without parameters the answer holds every contact of the group, up to the first 1000.",
    "- `X-Total-Count` says how many contacts the group holds. When more follow, a `Link` header names the next ones (`<https://…/groups/12/contacts?per_page=1000&cursor=…>; rel=\"next\"`); it is absent on the last part.",
    "- Extension: `per_page` (1 to 1000) and `cursor` page through the group; the body stays a plain array. `GET /contacts?group_id=` pages through the same list with `links` and `meta`.",
  ].join("\n"),
  request: { params: groupParams, query: groupContactsQuery },
  responses: {
    200: {
      description: "The group's contacts, or the part of them this cursor starts.",
      headers: groupContactsHeaders,
      content: json(responses.groupContactsResponse, [examples.contactExample]),
    },
    404: groupNotFound,
    422: validation("per_page out of 1..1000, a tampered cursor or another list's", {
      message: "The cursor is invalid.",
      errors: { cursor: ["The cursor is invalid."] },
    }),
  },
};

const groupOrContactNotFound = error("Unknown or another user's group or contact (the group is checked first)", {
  groupNotFound: "Group not found",
  contactNotFound: "Contact not found",
});

// The two operations on a membership differ only in their method and wording.
function membershipOperation({ done, ...operation }: Pick<Operation, "method" | "operationId" | "summary" | "description"> & { done: string; full?: boolean }): Operation {
  return {
    method: operation.method,
    path: "/groups/{groupId}/contacts/{contactId}",
    operationId: operation.operationId,
    tags: ["Groups"],
    summary: operation.summary,
    description: operation.description,
    request: { params: groupContactParams },
    responses: {
      204: { description: done },
      404: groupOrContactNotFound,
      ...(operation.full
        ? {
            422: validation("the group already holds its quota of contacts", {
              message: "A group can hold at most 200,000 contacts; this would make 200,001.",
              errors: { contact_id: ["A group can hold at most 200,000 contacts; this would make 200,001."] },
            }),
          }
        : {}),
    },
  };
}

const addContactToGroup = membershipOperation({
  method: "post",
  operationId: "addContactToGroup",
  summary: "Add a contact to a group",
  description:
    "Puts one of the user's contacts (by uuid) in one of the user's groups. No body. Adding a contact that is already in the group is not an error.\n\nQuota: a group holds at most 200,000 contacts; one more is 422 on `contact_id`.",
  done: "The contact is in the group. No body.",
  full: true,
});

const removeContactFromGroup = membershipOperation({
  method: "delete",
  operationId: "removeContactFromGroup",
  summary: "Remove a contact from a group",
  description: "Takes the contact out of the group; the contact itself stays. Removing a contact that is not in the group is not an error.",
  done: "The contact is not in the group. No body.",
});

export const groupOperations: Operation[] = [listGroups, createGroup, getGroup, updateGroup, deleteGroup, listGroupContacts, addContactToGroup, removeContactFromGroup];
