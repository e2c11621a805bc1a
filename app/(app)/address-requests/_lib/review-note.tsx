import Link from "next/link";
import { requireServiceContext } from "@/app/_lib/service-context";
import { countPendingSubmissions } from "@/lib/address-requests/service";

/**
 * "3 new addresses to review": what friends sent through the user's links and nobody has
 * decided yet, linked to where they are reviewed. Nothing when there is none. A server
 * component that reads its own count, so any signed-in page can show it with one tag.
 */
export async function ReviewNote({ className }: { className?: string }) {
  const count = await countPendingSubmissions(await requireServiceContext());
  if (count === 0) return null;
  return (
    <p className={`rounded-lg border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900 ${className ?? ""}`}>
      <Link href="/address-requests" className="font-medium underline underline-offset-2 hover:text-rose-700">
        {count === 1 ? "1 new address to review" : `${count} new addresses to review`}
      </Link>{" "}
      <span className="text-rose-800">sent by friends through your address links.</span>
    </p>
  );
}
