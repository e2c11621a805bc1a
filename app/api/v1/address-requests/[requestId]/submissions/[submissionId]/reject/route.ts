// POST /api/v1/address-requests/{id}/submissions/{sid}/reject — turns a submission down; no contact changes (extension)
import { toAddressSubmissionJson } from "@/lib/address-requests/mapper";
import { rejectSubmission } from "@/lib/address-requests/submissions";
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => json({ data: toAddressSubmissionJson(await rejectSubmission(service, params.requestId!, params.submissionId!)) })),
});
