import Link from "next/link";
import { Alert } from "@/components/ui/feedback";

/** What a page opened from a mailed link says when the link is unknown, used or expired, and where to go instead. */
export function UnusableLink({ message, href, label, className = "" }: { message: string; href: string; label: string; className?: string }) {
  return (
    <div className={`space-y-4 ${className}`}>
      <Alert>{message}</Alert>
      <p className="text-center text-sm text-stone-600">
        <Link className="font-medium text-rose-700 underline-offset-2 hover:underline" href={href}>
          {label}
        </Link>
      </p>
    </div>
  );
}
