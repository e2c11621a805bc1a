import { Skeleton } from "@/components/ui/feedback";

export default function OrdersLoading() {
  return (
    <div aria-busy="true" aria-label="Loading your orders">
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-4 w-full max-w-md" />
      </div>
      <div className="space-y-3">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="rounded-xl border border-stone-200 bg-white p-5">
            <div className="flex justify-between gap-4">
              <div className="space-y-2">
                <Skeleton className="h-5 w-28" />
                <Skeleton className="h-4 w-36" />
              </div>
              <div className="space-y-2">
                <Skeleton className="h-5 w-16" />
                <Skeleton className="h-4 w-14" />
              </div>
            </div>
            <Skeleton className="mt-4 h-5 w-48" />
          </div>
        ))}
      </div>
    </div>
  );
}
