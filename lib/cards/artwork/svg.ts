export type Box = { x: number; y: number; w: number; h: number };

/** Numbers with at most one decimal keep the markup small and the output stable. */
export function f(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** Card names and greetings are user text: escaped for both text content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export const isInside = (x: number, y: number, box: Box | undefined, pad = 0) =>
  !!box && x > box.x - pad && x < box.x + box.w + pad && y > box.y - pad && y < box.y + box.h + pad;
