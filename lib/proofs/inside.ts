import "server-only";
import type { InsideLook } from "@/lib/cards/artwork/inside-look";
import { MESSAGE_BOXES, MESSAGE_LINE_HEIGHT, type MessageBox } from "@/lib/cards/message-fit";
import type { MessageFont } from "@/lib/fonts";
import { BLEED, type Size } from "./formats";

/*
 * The message as printed: in the text box its format has (lib/cards/message-fit.ts), at the
 * size the web preview (components/cards/message-preview.tsx) draws it, centred, the sign-off
 * below it. The box is in units of a 500-wide portrait or 700-wide landscape panel.
 */

export type MessagePage = { look: InsideLook; trim: Size; face: MessageFont; message: string; signoff: string };

type Doc = PDFKit.PDFDocument;

function unitsToPoints(look: InsideLook, trim: Size) {
  const k = trim.width / (look.isVertical ? 500 : 700);
  return { k, x: (units: number) => BLEED + units * k, y: (units: number) => BLEED + units * k };
}

function drawText(doc: Doc, page: MessagePage, box: MessageBox): void {
  const { k, x, y } = unitsToPoints(page.look, page.trim);
  const message = page.message.trim();
  const signoff = page.signoff.trim();
  if (!message && !signoff) return;
  const width = box.w * k;
  const height = box.h * k;
  // Registered under its id (lib/proofs/pdf.ts): a print batch holds messages in several faces.
  doc.font(`message-${page.face.id}`);
  let size = box.fontSize * k * page.face.scale;
  // The format's character limit keeps a message inside its box; a face wider than measured
  // shrinks rather than run past the box on paper.
  const measure = () => {
    doc.fontSize(size);
    const options = { width, align: "center" as const, lineGap: Math.max(-size, size * MESSAGE_LINE_HEIGHT - doc.currentLineHeight(true)) };
    const gap = message && signoff ? size * 0.7 : 0;
    const messageHeight = message ? doc.heightOfString(message, options) : 0;
    const signoffHeight = signoff ? doc.heightOfString(signoff, options) : 0;
    return { options, gap, messageHeight, total: messageHeight + gap + signoffHeight };
  };
  let fit = measure();
  for (let tries = 0; fit.total > height && tries < 12; tries++) {
    size *= 0.93;
    fit = measure();
  }
  const top = y(box.y) + Math.max(0, (height - fit.total) / 2);
  doc.fillColor(page.look.ink);
  if (message) doc.text(message, x(box.x), top, { ...fit.options, height: fit.messageHeight + size });
  if (signoff) doc.text(signoff, x(box.x), top + fit.messageHeight + fit.gap, { ...fit.options, height: height });
}

function fillPage(doc: Doc, page: MessagePage): void {
  doc.rect(0, 0, page.trim.width + 2 * BLEED, page.trim.height + 2 * BLEED).fill(page.look.paper);
}

/** A folded or boxed card's message panel, with the colour band across its top as the preview draws it. */
export function drawMessagePanel(doc: Doc, page: MessagePage): void {
  fillPage(doc, page);
  const { k } = unitsToPoints(page.look, page.trim);
  const width = page.trim.width + 2 * BLEED;
  // The band runs into the bleed above the trim.
  doc.rect(0, 0, width, BLEED + 20 * k).fill(page.look.background);
  doc.rect(0, BLEED + 16 * k, width, 4 * k).fill(page.look.primary);
  drawText(doc, page, MESSAGE_BOXES[page.look.format][page.look.isVertical ? "portrait" : "landscape"]);
}

/** A postcard's back: the message half, the divider and the stamp box; the addresses are drawn by the caller. */
export function drawPostcardBack(doc: Doc, page: MessagePage): void {
  fillPage(doc, page);
  const { k, x, y } = unitsToPoints(page.look, page.trim);
  const vertical = page.look.isVertical;
  doc.lineWidth(0.75).strokeColor(page.look.ink).strokeOpacity(0.3);
  if (vertical) doc.moveTo(x(40), y(350)).lineTo(x(460), y(350)).stroke();
  else doc.moveTo(x(392), y(40)).lineTo(x(392), y(460)).stroke();
  const stamp = vertical ? { x: 382, y: 380 } : { x: 582, y: 38 };
  doc.strokeOpacity(1).rect(x(stamp.x), y(stamp.y), 80 * k, 96 * k).dash(3, { space: 3 }).stroke("#999999").undash();
  drawText(doc, page, MESSAGE_BOXES.postcard[vertical ? "portrait" : "landscape"]);
}
