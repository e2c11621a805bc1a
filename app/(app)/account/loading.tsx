import { HeadingSkeleton, LoadingRegion, PanelSkeleton } from "@/components/ui/skeletons";

export default function AccountLoading() {
  return (
    <LoadingRegion busy label="Loading your account" className="space-y-6">
      <HeadingSkeleton title="w-40" description="w-72" />
      <div className="grid gap-6 lg:grid-cols-3">
        <PanelSkeleton className="lg:col-span-2" />
        <PanelSkeleton lines={2} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PanelSkeleton lines={6} />
        <PanelSkeleton lines={6} />
      </div>
      <PanelSkeleton lines={5} />
    </LoadingRegion>
  );
}
