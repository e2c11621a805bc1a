/**
 * Strings as one UTF-8 buffer without joining them first. A string over 128 KB (half a V8
 * page) is allocated straight into the old generation's large-object space and lives until the
 * next full collection: a streamed download that joined each batch of 100 contacts (250 to
 * 450 KB of text) left one such string per batch, and the server's memory grew by 60 to 120 MB
 * per download of a 100,000-contact book. Each part here stays small and dies young; the buffer
 * is outside the heap and freed with its small wrapper.
 */
export function utf8Chunk(parts: readonly string[]): Buffer {
  let size = 0;
  for (const part of parts) size += Buffer.byteLength(part, "utf8");
  const chunk = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const part of parts) offset += chunk.write(part, offset, "utf8");
  return chunk;
}
