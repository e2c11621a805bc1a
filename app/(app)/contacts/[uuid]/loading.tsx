import { BreadcrumbSkeleton, LoadingRegion, Skeleton } from "@/components/ui/skeletons";

export default function ContactLoading() {
  return (
    <LoadingRegion label="Loading the contact">
      <BreadcrumbSkeleton className="h-4 w-24" />
      <div className="mb-6 flex items-center gap-4">
        <Skeleton className="h-14 w-14 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-56 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}
