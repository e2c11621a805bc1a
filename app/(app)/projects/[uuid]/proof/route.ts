// GET /projects/{uuid}/proof — the project's proof (PDF) for the signed-in browser session
import { sessionHandler } from "@/app/_lib/session-handler";
import { proofResponse } from "@/lib/proofs/http";
import { projectProofQuerySchema } from "@/lib/proofs/schema";
import { projectProof } from "@/lib/proofs/service";

export const GET = sessionHandler(async ({ service, params, query }) => proofResponse(await projectProof(service, params.uuid ?? "", query(projectProofQuerySchema).recipient_id)));
