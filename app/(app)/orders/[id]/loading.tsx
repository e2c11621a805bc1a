import { Skeleton } from "@/components/ui/feedback";

export default function OrderTrackingLoading() {
  return (
    <div aria-busy="true" aria-label="Loading the order">
      <Skeleton className="mb-4 h-4 w-24" />
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-full max-w-sm" />
        <Skeleton className="h-5 w-40" />
      </div>
      <div className="rounded-xl border border-stone-200 bg-white p-5">
        <div className="mb-5 flex items-center gap-4 border-b border-stone-200 pb-4">
          <Skeleton className="h-14 w-14" />
          <div className="space-y-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-28" />
          </div>
        </div>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="grid gap-4 py-5 md:grid-cols-3">
            <div className="space-y-2">
              <Skeleton className="h-5 w-36" />
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-40" />
            </div>
            <div className="space-y-2">
              <Skeleton className="h-4 w-44" />
              <Skeleton className="h-3 w-52" />
            </div>
            <Skeleton className="h-5 w-32 md:ml-auto" />
          </div>
        ))}
      </div>
    </div>
  );
}
