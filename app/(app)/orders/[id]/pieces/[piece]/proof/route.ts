// GET /orders/{id}/pieces/{piece}/proof — one piece's proof (PDF) for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { proofResponse } from "@/lib/proofs/http";
import { orderPieceProof } from "@/lib/proofs/service";

export const GET = sessionHandler(async ({ service, params }) => proofResponse(await orderPieceProof(service, params.id ?? "", params.piece ?? "")));
