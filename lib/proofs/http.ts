import "server-only";
import type { Proof } from "./service";

/** A proof as an HTTP answer: shown inline by a browser, saved under its own name, never cached by a shared cache. */
export function proofResponse(proof: Proof): Response {
  return new Response(new Uint8Array(proof.pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(proof.pdf.length),
      "Content-Disposition": `inline; filename="${proof.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
