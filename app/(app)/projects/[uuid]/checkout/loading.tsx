import { BreadcrumbSkeleton, LoadingRegion, Skeleton } from "@/components/ui/skeletons";

export default function CheckoutLoading() {
  return (
    <LoadingRegion label="Loading checkout">
      <BreadcrumbSkeleton className="h-5 w-40" />
      <Skeleton className="mb-6 h-8 w-36" />
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-80 rounded-xl lg:col-span-3" />
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      </div>
    </LoadingRegion>
  );
}
