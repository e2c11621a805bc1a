/*
 * The records of a CSV file, read the way Papa Parse reads them (its delimiter and line-ending
 * guesses, its quoting rules and its "Quotes" errors), in one pass that can stop anywhere.
 * Papa Parse reads a string in one synchronous call, and some inputs cost it far more than their
 * length (a guess of the delimiter parses the whole of a one-row file six times; a field of
 * escaped quotes is slow), so a 5 MiB file would hold the event loop for seconds. Here each step
 * costs at most its own characters, and the generator yields `null` every few thousand steps so
 * that its reader can pause, even in the middle of a field.
 */

export type CsvDialect = { delimiter: string; newline: "\n" | "\r" | "\r\n" };

export type CsvRecord = {
  cells: string[];
  /** A quoted field is not closed, or has a quote inside it that doesn't end it. */
  hasQuoteError: boolean;
  /** Longer than `maxRecordChars`: its cells are not kept (`cells` is empty). */
  isTooLong: boolean;
  /** How many records this one stands for: empty lines in a row come as one record. */
  repeat: number;
};

const QUOTE = '"';
const STEPS_PER_YIELD = 4096;
/**
 * Papa Parse guesses from the first 10 rows (and line endings from the first 1 MB): this much
 * of the text holds them in an address book, and costs little even when it is all quotes.
 */
const GUESS_CHARS = 16 * 1024;
const GUESS_ROWS = 10;
const DELIMITERS = [",", "\t", "|", ";", "\x1e", "\x1f"];

/** What String.prototype.trim removes (the spaces Papa Parse allows between a closing quote and a delimiter). */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Yields each record of `text`, or `null` now and then while a long one is read. As Papa Parse
 * does: a field is quoted when it starts with a quote; `""` in it is a quote; its closing quote
 * may be followed by spaces before the delimiter or line ending; a quote that doesn't close it is
 * kept (a quote error), and a field never closed runs to the end of the text (a quote error). An
 * empty line is a record of one empty cell (consecutive ones are one record with a `repeat`); an
 * empty text has no record; a text ending with a line ending has an empty last record.
 */
export function* csvRecords(text: string, { delimiter, newline, maxRecordChars = Infinity }: CsvDialect & { maxRecordChars?: number }): Generator<CsvRecord | null> {
  const length = text.length;
  if (length === 0) return;
  let cursor = 0;
  let steps = 0;
  let nextDelimiter = text.indexOf(delimiter);
  let nextNewline = text.indexOf(newline);

  while (cursor <= length) {
    if (text.startsWith(newline, cursor)) {
      let repeat = 0;
      while (text.startsWith(newline, cursor)) {
        repeat++;
        cursor += newline.length;
        if (++steps % STEPS_PER_YIELD === 0) yield null;
      }
      yield { cells: [""], hasQuoteError: false, isTooLong: false, repeat };
      continue;
    }
    const record: CsvRecord = { cells: [], hasQuoteError: false, isTooLong: false, repeat: 1 };
    const last = cursor + maxRecordChars;
    let isRecordDone = false;
    while (!isRecordDone) {
      if (++steps % STEPS_PER_YIELD === 0) yield null;
      if (text[cursor] === QUOTE) {
        const open = cursor + 1;
        let quote = cursor;
        for (;;) {
          if (++steps % STEPS_PER_YIELD === 0) yield null;
          quote = text.indexOf(QUOTE, quote + 1);
          if (quote === -1) {
            // Never closed: the rest of the text, as it is.
            record.hasQuoteError = true;
            addCell(record, text, open, length, false, last);
            cursor = length + 1;
            isRecordDone = true;
            break;
          }
          if (quote === length - 1) {
            addCell(record, text, open, quote, true, last);
            cursor = length + 1;
            isRecordDone = true;
            break;
          }
          if (text[quote + 1] === QUOTE) {
            quote++;
            continue;
          }
          let after = quote + 1;
          while (after < length && !text.startsWith(delimiter, after) && !text.startsWith(newline, after) && isSpace(text.charCodeAt(after))) {
            after++;
            if (++steps % STEPS_PER_YIELD === 0) yield null;
          }
          if (text.startsWith(delimiter, after)) {
            addCell(record, text, open, quote, true, last);
            cursor = after + delimiter.length;
            break;
          }
          if (text.startsWith(newline, after)) {
            addCell(record, text, open, quote, true, last);
            cursor = after + newline.length;
            isRecordDone = true;
            break;
          }
          // A quote inside the field: kept, and the field goes on.
          record.hasQuoteError = true;
        }
        continue;
      }
      if (nextDelimiter !== -1 && nextDelimiter < cursor) nextDelimiter = text.indexOf(delimiter, cursor);
      if (nextNewline !== -1 && nextNewline < cursor) nextNewline = text.indexOf(newline, cursor);
      if (nextDelimiter !== -1 && (nextNewline === -1 || nextDelimiter < nextNewline)) {
        addCell(record, text, cursor, nextDelimiter, false, last);
        cursor = nextDelimiter + delimiter.length;
      } else if (nextNewline !== -1) {
        addCell(record, text, cursor, nextNewline, false, last);
        cursor = nextNewline + newline.length;
        isRecordDone = true;
      } else {
        addCell(record, text, cursor, length, false, last);
        cursor = length + 1;
        isRecordDone = true;
      }
    }
    yield record;
  }
}

/** Adds the cell `text[from, to)` to the record, unless the record runs past `last`. */
function addCell(record: CsvRecord, text: string, from: number, to: number, isQuoted: boolean, last: number): void {
  if (record.isTooLong) return;
  if (to > last) {
    record.isTooLong = true;
    record.cells = [];
    return;
  }
  const value = text.slice(from, to);
  record.cells.push(isQuoted && value.includes('""') ? value.replaceAll('""', QUOTE) : value);
}

/** Papa Parse's guesses of the line ending and the delimiter, made on the start of the text. */
export function guessCsvDialect(text: string): CsvDialect {
  const start = text.slice(0, GUESS_CHARS);
  const newline = guessNewline(start);
  return { delimiter: guessDelimiter(start, newline, text.length > start.length), newline };
}

function guessNewline(text: string): CsvDialect["newline"] {
  const unquoted = text.replace(/"[^]*?"/g, "");
  const byCr = unquoted.split("\r");
  const byLf = unquoted.split("\n");
  if (byCr.length === 1 || (byLf.length > 1 && byLf[0]!.length < byCr[0]!.length)) return "\n";
  const followedByLf = byCr.filter((part) => part.startsWith("\n")).length;
  return followedByLf >= byCr.length / 2 ? "\r\n" : "\r";
}

/**
 * The delimiter that gives the first rows the most constant number of fields (at least two). The
 * last row of a text cut short is left out: it may be cut too.
 */
function guessDelimiter(text: string, newline: CsvDialect["newline"], isCut: boolean): string {
  let best: { delimiter: string; delta: number; fields: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts: number[] = [];
    for (const record of csvRecords(text, { delimiter, newline })) {
      if (record === null) continue;
      for (let i = 0; i < record.repeat && counts.length <= GUESS_ROWS; i++) counts.push(record.cells.length);
      if (counts.length > GUESS_ROWS) break;
    }
    if (isCut || counts.length > GUESS_ROWS) counts.pop();
    let delta = 0;
    for (let i = 1; i < counts.length; i++) delta += Math.abs(counts[i]! - counts[i - 1]!);
    const fields = counts.length === 0 ? 0 : counts.reduce((sum, count) => sum + count, 0) / counts.length;
    if (fields > 1.99 && (best === null || delta < best.delta || (delta === best.delta && fields > best.fields))) best = { delimiter, delta, fields };
  }
  return best?.delimiter ?? ",";
}
