import { BreadcrumbSkeleton, HeadingSkeleton, LoadingRegion, Repeat, Skeleton, SkeletonCard } from "@/components/ui/skeletons";

export default function GroupLoading() {
  return (
    <LoadingRegion label="Loading the group">
      <BreadcrumbSkeleton className="h-4 w-20" />
      <HeadingSkeleton className="mb-6" title="w-48" description="w-64 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-5">
        <SkeletonCard className="space-y-3 p-5 lg:col-span-3">
          <Repeat count={6}>
            <Skeleton className="h-10" />
          </Repeat>
        </SkeletonCard>
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-80 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}
