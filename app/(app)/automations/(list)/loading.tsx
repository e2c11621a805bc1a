import { HeadingSkeleton, LoadingRegion, SkeletonStack } from "@/components/ui/skeletons";

export default function AutomationsLoading() {
  return (
    <LoadingRegion label="Loading automations">
      <HeadingSkeleton className="mb-6" title="w-40" description="w-96 max-w-full" />
      <SkeletonStack count={3} className="space-y-3" item="h-24 rounded-xl" />
    </LoadingRegion>
  );
}
