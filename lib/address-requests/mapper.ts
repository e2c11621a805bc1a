import type { AddressRequestJson, AddressSubmissionJson } from "./response";
import type { AddressRequest } from "./service";
import type { AddressSubmission } from "./submissions";

export function toAddressRequestJson(request: AddressRequest): AddressRequestJson {
  return {
    id: request.id,
    url: request.url,
    message: request.message,
    open: request.open,
    submissions_pending: request.submissionsPending,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

export function toAddressSubmissionJson(submission: AddressSubmission): AddressSubmissionJson {
  return {
    id: submission.id,
    address_request_id: submission.requestId,
    status: submission.status,
    submitted: submission.submitted as AddressSubmissionJson["submitted"],
    match: submission.match ? { contact_uuid: submission.match.contactId, fills: submission.match.fills } : null,
    contact_uuid: submission.contactId,
    created_at: submission.createdAt.toISOString(),
    decided_at: submission.decidedAt ? submission.decidedAt.toISOString() : null,
  };
}
