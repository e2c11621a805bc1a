import { BreadcrumbSkeleton, LoadingRegion, Skeleton } from "@/components/ui/skeletons";

export default function ProjectLoading() {
  return (
    <LoadingRegion label="Loading project">
      <BreadcrumbSkeleton className="h-5 w-24" />
      <div className="mb-6 flex items-start gap-4">
        <Skeleton className="h-28 w-20 rounded-lg sm:h-36 sm:w-28" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
        <Skeleton className="order-first h-72 rounded-xl lg:order-none" />
      </div>
    </LoadingRegion>
  );
}
