import type { IncomingMessage, ServerResponse } from "node:http";

export const COMPRESSION_THRESHOLD_BYTES: number;
export function chooseEncoding(acceptEncoding: string | string[] | undefined | null): "br" | "gzip" | null;
export function compressJsonAnswers(req: IncomingMessage, res: ServerResponse): void;
