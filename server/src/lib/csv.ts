import { stringify } from "csv-stringify/sync";

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a formula
 * (OWASP "CSV injection"): such a cell is prefixed with ' so that it shows as the text it is.
 */
export function escapeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file (header row first, CRLF lines as spreadsheets expect) with every cell made safe. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return stringify(
    [header, ...rows].map((r) => r.map(escapeCell)),
    { record_delimiter: "windows" },
  );
}
