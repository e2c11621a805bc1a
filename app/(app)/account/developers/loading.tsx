import { Skeleton } from "@/components/ui/feedback";

export default function DevelopersLoading() {
  return (
    <div aria-busy="true" aria-label="Loading the Developers area" className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-72" />
      </div>
      {[3, 6].map((lines, i) => (
        <div key={i} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <Skeleton className="mb-5 h-5 w-32" />
          <div className="space-y-4">
            {Array.from({ length: lines }, (_, j) => (
              <Skeleton key={j} className="h-9 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
