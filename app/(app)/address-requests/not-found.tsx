import { ButtonLink } from "@/components/ui/button";

export default function AddressRequestNotFound() {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <h1 className="text-xl font-semibold text-stone-900">Address request not found</h1>
      <p className="mx-auto mt-2 max-w-md text-sm text-stone-600">This link isn&apos;t among your address requests. It may have been deleted, or the address may be mistyped.</p>
      <div className="mt-6 flex justify-center">
        <ButtonLink href="/address-requests">Back to your address requests</ButtonLink>
      </div>
    </div>
  );
}
