import { HeadingSkeleton, LoadingRegion, Skeleton, SkeletonStack } from "@/components/ui/skeletons";

export default function GroupsLoading() {
  return (
    <LoadingRegion label="Loading groups">
      <HeadingSkeleton className="mb-6" title="w-32" description="w-80 max-w-full" />
      <div className="grid gap-6 lg:grid-cols-3">
        <SkeletonStack count={4} className="grid gap-3 sm:grid-cols-2 lg:col-span-2" item="h-24 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </LoadingRegion>
  );
}
