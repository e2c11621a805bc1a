// POST /api/v1/address-requests/{id}/submissions/{sid}/accept — creates the contact, or fills the empty parts of the one with the same email (extension)
import { toAddressSubmissionJson } from "@/lib/address-requests/mapper";
import { acceptSubmission } from "@/lib/address-requests/submissions";
import { handler, route } from "@/lib/api/handler";
import { json } from "@/lib/api/http";
import { toContactJson } from "@/lib/contacts/mapper";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: handler(async ({ service, params }) => {
    const { submission, contact } = await acceptSubmission(service, params.requestId!, params.submissionId!);
    return json({ data: { submission: toAddressSubmissionJson(submission), contact: toContactJson(contact) } });
  }),
});
