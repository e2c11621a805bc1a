import { ButtonLink } from "@/components/ui/button";

export default function WebhookNotFound() {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-stone-900">Webhook not found</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">
        This endpoint isn&apos;t among yours. It may have been deleted, or the link may be mistyped.
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink href="/account/developers">Back to Developers</ButtonLink>
      </div>
    </div>
  );
}
