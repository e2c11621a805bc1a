"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Copies the link; where the clipboard is refused, the field beside it stays there to copy by hand. */
export function CopyLinkButton({ url }: { url: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <div className="flex items-center gap-3">
      <Button variant="secondary" onClick={copy}>
        Copy link
      </Button>
      <p role="status" className="text-sm text-stone-600">
        {state === "copied" ? "Copied." : state === "failed" ? "Select the link and copy it." : ""}
      </p>
    </div>
  );
}
