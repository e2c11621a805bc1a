import { f } from "./svg";

export function heartPath(cx: number, cy: number, s: number): string {
  const pts = [
    [0, 0.9],
    [-0.15, 0.78, -1, 0.3, -1, -0.3],
    [-1, -0.75, -0.6, -1, -0.3, -0.95],
    [-0.15, -0.93, -0.05, -0.82, 0, -0.7],
    [0.05, -0.82, 0.15, -0.93, 0.3, -0.95],
    [0.6, -1, 1, -0.75, 1, -0.3],
    [1, 0.3, 0.15, 0.78, 0, 0.9],
  ];
  const xy = (values: number[]) => values.map((v, i) => f(i % 2 === 0 ? cx + v * s : cy + v * s)).join(" ");
  return `M${xy(pts[0]!)}${pts
    .slice(1)
    .map((p) => `C${xy(p)}`)
    .join("")}Z`;
}

export function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5, rotation = -90): string {
  const result: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = ((rotation + (i * 180) / points) * Math.PI) / 180;
    result.push(`${f(cx + r * Math.cos(angle))},${f(cy + r * Math.sin(angle))}`);
  }
  return result.join(" ");
}

export function sparkle(cx: number, cy: number, r: number, color: string): string {
  const k = r * 0.22;
  return `<path d="M${f(cx)} ${f(cy - r)}Q${f(cx + k)} ${f(cy - k)} ${f(cx + r)} ${f(cy)}Q${f(cx + k)} ${f(cy + k)} ${f(cx)} ${f(cy + r)}Q${f(cx - k)} ${f(cy + k)} ${f(cx - r)} ${f(cy)}Q${f(cx - k)} ${f(cy - k)} ${f(cx)} ${f(cy - r)}Z" fill="${color}"/>`;
}

export function flame(cx: number, baseY: number, h: number): string {
  const w = h * 0.36;
  return (
    `<path d="M${f(cx)} ${f(baseY - h)}C${f(cx + w)} ${f(baseY - h * 0.45)} ${f(cx + w)} ${f(baseY)} ${f(cx)} ${f(baseY)}C${f(cx - w)} ${f(baseY)} ${f(cx - w)} ${f(baseY - h * 0.45)} ${f(cx)} ${f(baseY - h)}Z" fill="#F6B93B"/>` +
    `<path d="M${f(cx)} ${f(baseY - h * 0.55)}C${f(cx + w * 0.5)} ${f(baseY - h * 0.25)} ${f(cx + w * 0.45)} ${f(baseY)} ${f(cx)} ${f(baseY)}C${f(cx - w * 0.45)} ${f(baseY)} ${f(cx - w * 0.5)} ${f(baseY - h * 0.25)} ${f(cx)} ${f(baseY - h * 0.55)}Z" fill="#FFF1B5"/>`
  );
}

export function leafShape(cx: number, cy: number, len: number, angle: number, fill: string, vein: string): string {
  const l = len / 2;
  return (
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(angle)})">` +
    `<path d="M0 ${f(-l)}C${f(l * 0.62)} ${f(-l * 0.55)} ${f(l * 0.5)} ${f(l * 0.45)} 0 ${f(l)}C${f(-l * 0.5)} ${f(l * 0.45)} ${f(-l * 0.62)} ${f(-l * 0.55)} 0 ${f(-l)}Z" fill="${fill}"/>` +
    `<path d="M0 ${f(-l * 0.8)}V${f(l * 1.25)}" stroke="${vein}" stroke-width="${f(Math.max(1.2, len * 0.035))}" stroke-linecap="round" fill="none" opacity="0.7"/>` +
    `</g>`
  );
}

