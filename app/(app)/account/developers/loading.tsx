import { HeadingSkeleton, LoadingRegion, PanelSkeleton } from "@/components/ui/skeletons";

export default function DevelopersLoading() {
  return (
    <LoadingRegion busy label="Loading the Developers area" className="space-y-6">
      <HeadingSkeleton title="w-40" description="w-72" />
      <PanelSkeleton lines={3} />
      <PanelSkeleton lines={6} />
    </LoadingRegion>
  );
}
