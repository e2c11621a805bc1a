import { HeadingSkeleton, LoadingRegion, Skeleton, SkeletonStack } from "@/components/ui/skeletons";

export default function AdminLoading() {
  return (
    <LoadingRegion busy label="Loading">
      <HeadingSkeleton className="mb-6" title="w-32" description="w-full max-w-sm" />
      <Skeleton className="mb-6 h-9 w-full max-w-md" />
      <SkeletonStack count={5} className="space-y-3" item="h-24 w-full rounded-xl" />
    </LoadingRegion>
  );
}
