import { z } from "zod";
import { projectProofQuerySchema } from "@/lib/proofs/schema";
import { toFontsJson } from "@/lib/fonts";
import { error, json, type Operation } from "../operations";
import { orderParams, projectParams } from "../parameters";
import * as responses from "../responses";

const PROOF_CONTENTS =
  "A PDF of the card as it prints: the front, then the inside with the message as printed for that recipient (placeholders filled) and the sign-off, then (a folded card) the back with the brand mark, the card's name and artist, each page at the card's trim size plus 1/8 in (9 pt) of bleed on every side (a folded card or a postcard 5 x 7 in, a box set's card 4.25 x 5.5 in, turned by the card's orientation; `TrimBox` and `BleedBox` set), then the envelope (A7 for a folded card, A2 for a box card) with the recipient's address and the account's return address. A postcard has no envelope: both addresses are on its back. US addresses are printed in capitals without punctuation, with the standard abbreviations (USPS Publication 28); every font is embedded.";

const pdf = {
  "application/pdf": {
    schema: z.string().meta({ format: "binary", description: "The PDF file; `Content-Disposition` names it (`proof-....pdf`)." }),
  },
};

const recipientNotFound = { recipientNotFound: "Recipient not found" };

const getProjectProof: Operation = {
  method: "get",
  path: "/projects/{uuid}/proof",
  operationId: "getProjectProof",
  tags: ["Projects"],
  summary: "The print-ready proof of a project's card",
  extension: true,
  description: `the proof before checkout, for one recipient (\`recipient_id\`) or, without it, for the first recipient who gets the project's message, or a sample person (Alex Morgan, 100 Main St, Springfield IL) when the project has none. ${PROOF_CONTENTS}`,
  request: { params: projectParams, query: projectProofQuerySchema },
  responses: {
    200: { description: "The proof.", content: pdf },
    404: error("Another user's or an unknown project, or a recipient_id that is not one of its recipients", { projectNotFound: "Project not found", ...recipientNotFound }),
  },
};

const getOrderPieceProof: Operation = {
  method: "get",
  path: "/orders/{orderId}/recipients/{recipientId}/proof",
  operationId: "getOrderPieceProof",
  tags: ["Orders"],
  summary: "The print-ready proof of one piece of an order",
  extension: true,
  description: `the proof of a piece as it was ordered: its message as filled at checkout. \`recipientId\` is the piece's \`id\` in the order's tracking. ${PROOF_CONTENTS}`,
  request: {
    params: orderParams.extend({ recipientId: z.number().int().min(1).meta({ description: "The piece's `id`, as tracking lists it.", example: 9051 }) }),
  },
  responses: {
    200: { description: "The proof.", content: pdf },
    404: error("Another user's or an unknown order (not the 403 of tracking: a proof shows a person's address), or a piece not in it", { orderNotFound: "Order not found", ...recipientNotFound }),
  },
};

const listFonts: Operation = {
  method: "get",
  path: "/fonts",
  operationId: "listFonts",
  tags: ["Projects"],
  summary: "The typefaces a message can be printed in",
  extension: true,
  description:
    "the open-licensed handwriting and print typefaces (SIL Open Font License) shipped with Cardmail; a project's or an automation's `message_font` is one of their ids, `lora` by default. The web preview and the proof draw the same face.",
  responses: { 200: { description: "Every typeface.", content: json(responses.fontsResponse, toFontsJson()) } },
};

export const proofOperations: Operation[] = [getProjectProof, getOrderPieceProof, listFonts];
