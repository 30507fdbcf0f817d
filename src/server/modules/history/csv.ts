/** Spreadsheet-safe CSV cell: quoted, and formula-looking values defused. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV document: the header line, then one line per row, CRLF after each. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const lines = [header.join(','), ...rows.map((cells) => cells.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
