import { promisify } from "node:util";
import zlib from "node:zlib";

/** Below this a JSON body is sent as is: the saving would not pay for the work or the header. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = "br" | "gzip";

/**
 * The encoding the client accepts with the highest weight (RFC 9110 §12.5.3), brotli on a tie;
 * none when it sent no Accept-Encoding, or refused both.
 */
export function chooseEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

/**
 * Compresses a JSON response over 1 KiB with br or gzip when the request accepts it. Next
 * compresses pages but leaves route-handler bodies alone, so every /api/v1 answer passes here
 * (lib/api/handler.ts), after the handler and the error mapping: replays of an idempotent POST
 * are rebuilt from the stored JSON and so are encoded per request like any other answer.
 * Brotli at quality 4 and gzip at 6 keep the cost to a fraction of a millisecond per page.
 */
export async function compressJsonResponse(req: Request, response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !type.startsWith("application/json") || response.headers.has("content-encoding")) return response;
  const headers = new Headers(response.headers);
  // Caches must keep the encoded and the plain answer apart, whichever this one is.
  headers.append("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(req.headers.get("accept-encoding"));
  const plain = Buffer.from(await response.arrayBuffer());
  let body = plain;
  if (encoding && plain.byteLength > COMPRESSION_THRESHOLD_BYTES) {
    body =
      encoding === "br"
        ? await brotli(plain, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
            },
          })
        : await gzip(plain, { level: 6 });
    headers.set("Content-Encoding", encoding);
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers });
}
