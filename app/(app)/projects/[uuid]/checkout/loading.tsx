import { Skeleton } from "@/components/ui/feedback";

export default function CheckoutLoading() {
  return (
    <div role="status" aria-label="Loading checkout">
      <Skeleton className="mb-4 h-5 w-40" />
      <Skeleton className="mb-6 h-8 w-36" />
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-80 rounded-xl lg:col-span-3" />
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      </div>
    </div>
  );
}
