import "server-only";
import QRCode from "qrcode";

/**
 * A link as a QR code, drawn on the server as SVG (the `qrcode` package, no canvas), so the page
 * that shows it ships no code for it. Medium error correction: still read from a phone's screen
 * or a printed note with a smudge.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1c1917", light: "#ffffff" } });
}
