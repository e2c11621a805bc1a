import * as examples from "../examples";
import { error, json, validation, type Operation } from "../operations";
import { cardParams } from "../parameters";
import { cardsQuery } from "../request-schemas";
import * as responses from "../responses";

const listCards: Operation = {
  method: "get",
  path: "/cards",
  operationId: "listCards",
  tags: ["Cards"],
  summary: "Paginated active cards",
  description: [
    "The shared catalog: active cards only, ordered by id.",
    "",
    "- `occasion_id` and `category_id` filter (both together: cards in both); an id that matches nothing gives an empty page.",
    "- `per_page` 1 to 100, default 15 (out of range is 422); `next_cursor` is the `cursor` of the next page and null on the last one.",
    "- `price` is a decimal string in dollars (`\"3.99\"`); image URLs are absolute, under the service's configured origin (`APP_URL`).",
  ].join("\n"),
  request: { query: cardsQuery },
  responses: {
    200: { description: "A page of cards.", content: json(responses.cardsPageResponse, examples.cardsPageExample) },
    422: validation("per_page out of 1..100, a non-integer filter, a bad cursor"),
  },
};

const getCard: Operation = {
  method: "get",
  path: "/cards/{id}",
  operationId: "getCard",
  tags: ["Cards"],
  summary: "One card",
  description: "One active card of the catalog.",
  request: { params: cardParams },
  responses: {
    200: { description: "The card.", content: json(responses.cardDataResponse, examples.cardDataExample) },
    404: error("Unknown card, an inactive one, or a non-integer id", { cardNotFound: "Card not found" }),
  },
};

export const cardOperations: Operation[] = [listCards, getCard];
