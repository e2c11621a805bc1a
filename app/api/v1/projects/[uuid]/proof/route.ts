// GET /api/v1/projects/{uuid}/proof — the print-ready PDF of a project's card for one recipient, before checkout
import { handler, route } from "@/lib/api/handler";
import { proofResponse } from "@/lib/proofs/http";
import { projectProofQuerySchema } from "@/lib/proofs/schema";
import { projectProof } from "@/lib/proofs/service";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handler(async ({ service, params, query }) => proofResponse(await projectProof(service, params.uuid ?? "", query(projectProofQuerySchema).recipient_id))),
});
