import "server-only";
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import { parseArtwork, renderCardBack, renderCardFront, type ArtworkCard } from "@/lib/cards/artwork";
import { insideLook } from "@/lib/cards/artwork/inside-look";
import { messageFont, type MessageFontId } from "@/lib/fonts";
import { nextTurn } from "@/lib/pace";
import { envelopeLines, type PostalBlock } from "./address";
import { artFontFile, messageFontFile, type ArtFace } from "./font-files";
import { BLEED, envelopeSize, trimSize, type Size } from "./formats";
import { drawMessagePanel, drawPostcardBack } from "./inside";

/*
 * A piece's proof: the PDF a print shop would take. The front and the inside (a postcard's back)
 * at the card's trim size plus bleed, the TrimBox and BleedBox set on each page, then the
 * envelope. Every glyph is drawn from a font embedded in the file: the card art's headline faces
 * and the message's face are the @fontsource files the web preview draws with.
 */

export type ProofCard = ArtworkCard & { isBox: boolean };

export type ProofContent = {
  card: ProofCard;
  /** The message as printed: placeholders already filled. */
  message: string;
  signoff: string;
  font: MessageFontId;
  recipient: PostalBlock;
  /** The account's return address; null when it has none yet (the envelope then shows where it goes). */
  returnAddress: PostalBlock | null;
};

export type Doc = PDFKit.PDFDocument;

/** The names the document knows its embedded faces by. */
export const FACE = { message: (font: MessageFontId) => `message-${font}`, address: "address", art: (face: ArtFace) => `art-${face}` } as const;

const fontSource = (font: unknown) => font as PDFKit.Mixins.PDFFontSource;

function registerFonts(doc: Doc): void {
  doc.registerFont(FACE.address, fontSource(messageFontFile("inter")));
  for (const face of ["serif", "sans", "script"] as const) doc.registerFont(FACE.art(face), fontSource(artFontFile(face)));
}

/** The message's face, registered the first time a document needs it. */
function registerMessageFont(doc: Doc, font: MessageFontId, registered: Set<MessageFontId>): void {
  if (registered.has(font)) return;
  doc.registerFont(FACE.message(font), fontSource(messageFontFile(font)));
  registered.add(font);
}

/** The art names its faces by CSS family lists (lib/cards/artwork/text.ts); each maps to the embedded face it stands for. */
function artFace(family: string): string {
  if (/georgia/i.test(family)) return FACE.art("serif");
  if (/cursive/i.test(family)) return FACE.art("script");
  return FACE.art("sans");
}

/** A printed page: the trim size plus bleed on every side, with the boxes a print shop reads. */
function addPrintedPage(doc: Doc, trim: Size): void {
  const width = trim.width + 2 * BLEED;
  const height = trim.height + 2 * BLEED;
  doc.addPage({ size: [width, height], margin: 0 });
  const page = doc.page.dictionary.data as Record<string, unknown>;
  page.BleedBox = [0, 0, width, height];
  page.TrimBox = [BLEED, BLEED, BLEED + trim.width, BLEED + trim.height];
}

/** A side of the card drawn by the catalog's own art (the front, a folded card's back), over the bleed. */
function drawArt(doc: Doc, card: ProofCard, trim: Size, svg: string): void {
  const art = parseArtwork(card.artwork, card);
  const width = trim.width + 2 * BLEED;
  const height = trim.height + 2 * BLEED;
  doc.rect(0, 0, width, height).fill(art.palette.background);
  // The art covers the bleed too: what the trim cuts off is its on-screen frame.
  SVGtoPDF(doc as unknown as typeof PDFDocument, svg, 0, 0, {
    width,
    height,
    assumePt: true,
    preserveAspectRatio: "xMidYMid slice",
    fontCallback: (family) => artFace(family),
    warningCallback: () => undefined,
  });
}

/** Lines of an address block from its top left, in the address face. */
export function drawAddress(doc: Doc, lines: string[], x: number, y: number, size: number, width: number): void {
  doc.font(FACE.address).fontSize(size).fillColor("#111111");
  lines.forEach((line, i) => doc.text(line, x, y + i * size * 1.25, { width, lineBreak: false, ellipsis: true }));
}

function drawEnvelope(doc: Doc, envelope: Size, content: ProofContent): void {
  doc.addPage({ size: [envelope.width, envelope.height], margin: 0 });
  doc.rect(0, 0, envelope.width, envelope.height).fill("#FFFFFF");
  const inch = 72;
  if (content.returnAddress) drawAddress(doc, envelopeLines(content.returnAddress), inch * 0.3, inch * 0.3, 8, envelope.width * 0.45);
  // Postage goes in the top right corner.
  doc.rect(envelope.width - inch * 1.15, inch * 0.25, inch * 0.9, inch * 1.05).dash(3, { space: 3 }).lineWidth(0.75).stroke("#999999").undash();
  const lines = envelopeLines(content.recipient);
  drawAddress(doc, lines, envelope.width * 0.38, envelope.height * 0.48, 11, envelope.width * 0.58);
}

function newDocument(title: string): Doc {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    // An embedded face from the start: pdfkit would otherwise read and parse Helvetica's metrics for every document.
    font: fontSource(messageFontFile("inter")) as string,
    info: { Title: title, Creator: "Cardmail", Producer: "Cardmail" },
  });
  registerFonts(doc);
  return doc;
}

/**
 * One piece's pages: a folded card's front, inside with the message, back (the brand mark, the
 * card's name and artist) and its envelope; a postcard's front and its written back.
 */
async function drawPiece(doc: Doc, content: ProofContent, fonts: Set<MessageFontId>): Promise<void> {
  const { card } = content;
  const trim = trimSize(card);
  registerMessageFont(doc, content.font, fonts);
  const look = insideLook(card);
  const face = messageFont(content.font);

  addPrintedPage(doc, trim);
  drawArt(doc, card, trim, renderCardFront(card));
  await nextTurn();
  addPrintedPage(doc, trim);
  if (card.isPostcard) {
    drawPostcardBack(doc, { look, trim, face, message: content.message, signoff: content.signoff });
    const back = trim;
    const returnLines = content.returnAddress ? envelopeLines(content.returnAddress) : [];
    const recipientLines = envelopeLines(content.recipient);
    postcardAddresses(doc, card.isVertical, back, returnLines, recipientLines);
  } else {
    drawMessagePanel(doc, { look, trim, face, message: content.message, signoff: content.signoff });
    await nextTurn();
    addPrintedPage(doc, trim);
    drawArt(doc, card, trim, renderCardBack(card));
    await nextTurn();
    drawEnvelope(doc, envelopeSize(card)!, content);
  }
  await nextTurn();
}

/** The proof of one piece as PDF bytes. Fonts are parsed once per process; a proof takes tens of milliseconds. */
export async function renderProof(content: ProofContent): Promise<Buffer> {
  const doc = newDocument(`${content.card.name}: proof for ${content.recipient.name}`);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  await drawPiece(doc, content, new Set());
  doc.end();
  return done;
}

/**
 * Many pieces in one PDF, each piece's pages in turn, as a stream: its bytes go out while later
 * pieces are still drawn, so a batch of thousands never sits whole in memory.
 */
export function renderPieces(title: string, pieces: AsyncIterable<ProofContent>): ReadableStream<Uint8Array> {
  const doc = newDocument(title);
  const fonts = new Set<MessageFontId>();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      doc.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      doc.on("end", () => controller.close());
      doc.on("error", (error: unknown) => controller.error(error));
      void (async () => {
        try {
          for await (const piece of pieces) await drawPiece(doc, piece, fonts);
          doc.end();
        } catch (error) {
          controller.error(error);
        }
      })();
    },
  });
}

/** A postcard's addresses on its back, where the artwork's address lines are (lib/cards/artwork/views/postcard-back.ts). */
function postcardAddresses(doc: Doc, vertical: boolean, trim: Size, returnLines: string[], recipientLines: string[]): void {
  const k = trim.width / (vertical ? 500 : 700);
  const at = (x: number, y: number) => [BLEED + x * k, BLEED + y * k] as const;
  if (vertical) {
    const [rx, ry] = at(50, 372);
    drawAddress(doc, returnLines, rx, ry, 7, 200 * k);
    const [x, y] = at(50, 500);
    drawAddress(doc, recipientLines, x, y, 10, 300 * k);
  } else {
    const [rx, ry] = at(420, 60);
    drawAddress(doc, returnLines, rx, ry, 7, 150 * k);
    const [x, y] = at(420, 200);
    drawAddress(doc, recipientLines, x, y, 10, 240 * k);
  }
}
