import { ButtonLink } from "@/components/ui/button";

export default function AutomationNotFound() {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-stone-900">Automation not found</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">
        This automation isn&apos;t among yours. It may have been deleted, or the link may be mistyped.
      </p>
      <div className="mt-6 flex justify-center">
        <ButtonLink href="/automations">Back to your automations</ButtonLink>
      </div>
    </div>
  );
}
