import { Skeleton } from "@/components/ui/feedback";

function PanelSkeleton({ className, lines = 4 }: { className?: string; lines?: number }) {
  return (
    <div className={`rounded-xl border border-stone-200 bg-white p-5 shadow-sm ${className ?? ""}`}>
      <Skeleton className="mb-5 h-5 w-32" />
      <div className="space-y-4">
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    </div>
  );
}

export default function AccountLoading() {
  return (
    <div aria-busy="true" aria-label="Loading your account" className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-72" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <PanelSkeleton className="lg:col-span-2" />
        <PanelSkeleton lines={2} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PanelSkeleton lines={6} />
        <PanelSkeleton lines={6} />
      </div>
      <PanelSkeleton lines={5} />
    </div>
  );
}
