import * as examples from "../examples";
import { json, type Operation } from "../operations";
import * as responses from "../responses";

const getAccount: Operation = {
  method: "get",
  path: "/account",
  operationId: "getAccount",
  tags: ["Account"],
  summary: "The current user's account",
  description:
    "The account of the token's user, unwrapped (no `data`): `account_type` 1 personal, 2 business, 3 admin; `contact` is the account's own contact, the return address printed on cards; `shipping` is where boxed orders go, every part null until set.",
  responses: { 200: { description: "The account.", content: json(responses.accountResponse, examples.accountExample) } },
};

export const accountOperations: Operation[] = [getAccount];
