/**
 * A cell holding a decimal number (`-25.00`), written as it is: a spreadsheet reads it as a
 * number, never as a formula. Anything else given as one is text (and defused as text is).
 */
export interface CsvNumber {
  readonly number: string;
}

/** Marks a decimal string as a number cell. */
export function csvNumber(value: string): CsvNumber {
  return { number: value };
}

export type CsvCell = string | CsvNumber;

/** What starts a formula in a spreadsheet (OWASP "CSV Injection"): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Spreadsheet-safe CSV cell: quoted, and text that starts like a formula prefixed with `'` (every
 * such text, `-1` too: `-1+1|cmd…` runs); only a number cell that is a plain decimal keeps a sign.
 */
function csvCell(cell: CsvCell): string {
  const number = typeof cell !== 'string' && PLAIN_DECIMAL.test(cell.number);
  const text = typeof cell === 'string' ? cell : cell.number;
  const safe = !number && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV document: the header line, then one line per row, CRLF after each. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = [header.join(','), ...rows.map((cells) => cells.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
