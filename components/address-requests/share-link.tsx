import { CopyLinkButton } from "./copy-link-button";

/**
 * The link to share: the address itself (selectable), a copy button, and its QR code, drawn on
 * the server (lib/address-requests/qr.ts) and passed in as SVG markup of our own making.
 */
export function ShareLink({ id, url, qrSvg, showQr = false }: { id: number; url: string | null; qrSvg: string | null; showQr?: boolean }) {
  if (!url) {
    return <p className="text-sm text-stone-600">This link can no longer be shown here (the server&apos;s secret changed). It still works for those who have it; create a new link to share.</p>;
  }
  const qr = qrSvg ? (
    <div className="w-44 max-w-full rounded-lg border border-stone-200 bg-white p-2 [&>svg]:h-auto [&>svg]:w-full" role="img" aria-label="QR code of the link" dangerouslySetInnerHTML={{ __html: qrSvg }} />
  ) : null;
  return (
    <div className="space-y-3">
      <label htmlFor={`link-${id}`} className="block text-sm font-medium text-stone-800">
        Link to share
      </label>
      <input id={`link-${id}`} readOnly value={url} className="w-full rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-xs text-stone-800 sm:text-sm" />
      <CopyLinkButton url={url} />
      {qr && showQr ? (
        qr
      ) : qr ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-rose-800">QR code</summary>
          <div className="mt-2">{qr}</div>
        </details>
      ) : null}
    </div>
  );
}
