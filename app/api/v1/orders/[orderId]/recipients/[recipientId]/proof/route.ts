// GET /api/v1/orders/{orderId}/recipients/{recipientId}/proof — the print-ready PDF of one piece of an order
import { handler, route } from "@/lib/api/handler";
import { proofResponse } from "@/lib/proofs/http";
import { orderPieceProof } from "@/lib/proofs/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params }) => proofResponse(await orderPieceProof(service, params.orderId ?? "", params.recipientId ?? ""))),
});
