import { buttonClass } from "@/components/ui/button";

/**
 * "Download proof (PDF)": a plain link, not a client navigation, so the browser downloads the
 * file the session route answers with (app/(app)/projects/[uuid]/proof, .../orders/[id]/pieces/[piece]/proof).
 */
export function ProofLink({ href, forWhom, size = "sm" }: { href: string; forWhom?: string; size?: "sm" | "md" }) {
  const label = "Download proof (PDF)";
  // Several on one page (an order's pieces) each say whose proof they fetch.
  return (
    <a href={href} download aria-label={forWhom ? `${label} for ${forWhom}` : undefined} className={buttonClass("secondary", size)}>
      {label}
    </a>
  );
}
