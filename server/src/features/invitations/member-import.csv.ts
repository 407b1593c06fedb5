import type { TMemberImportPreview, ZImportMapping } from "@common/member-import";
import { MEMBER_IMPORT_MAX_ROWS } from "@common/member-import-helpers";
import { CsvError, parse } from "csv-parse/sync";
import type { z } from "zod";
import { badRequest } from "../../lib/errors";
import { msg } from "../../lib/i18n";

/** The file the import answers with (its rows that failed) is written by the one CSV writer in lib. */
export { toCsv } from "../../lib/csv";

export type TParsedCsv = { headers: string[]; records: string[][]; hasHeader: boolean };
export type TMapping = TMemberImportPreview["mapping"];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spreadsheets exported in some languages separate with ";" or a tab: the header line tells which. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * Reads the file's rows with the CSV library; the first row is the header unless it holds no
 * recognisable e-mail header but an e-mail address (a pasted list): then columns are "Column 1", ...
 */
export function parseCsv(text: string, hasMapping: boolean): TParsedCsv {
  let rows: string[][];
  try {
    rows = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    });
  } catch (err) {
    if (err instanceof CsvError) {
      throw badRequest(msg`The file could not be read as CSV: ${err.message}`, "csv");
    }
    throw err;
  }
  if (rows.length === 0) throw badRequest("The file is empty.", "csv");
  const first = rows[0];
  const isHeaderless = !hasMapping && !guessColumn(first, EMAIL_HEADERS) && first.some((c) => EMAIL.test(c));
  const width = Math.max(...rows.map((r) => r.length));
  const headers = isHeaderless ? Array.from({ length: width }, (_, i) => `Column ${i + 1}`) : first;
  const records = isHeaderless ? rows : rows.slice(1);
  if (records.length === 0) throw badRequest("The file has a header row but no people below it.", "csv");
  if (records.length > MEMBER_IMPORT_MAX_ROWS) {
    throw badRequest(
      msg`The file has ${records.length.toLocaleString("en-US")} people; import at most ${MEMBER_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time (split the file).`,
      "csv",
    );
  }
  return { headers, records, hasHeader: !isHeaderless };
}

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
const EMAIL_HEADERS = ["email", "emailaddress", "mail", "primaryemail", "emailaddress1", "email1"];
const FIRST_HEADERS = ["firstname", "first", "givenname", "forename", "fname", "nickname"];
const LAST_HEADERS = ["lastname", "last", "surname", "familyname", "lname"];
const ROLE_HEADERS = ["role", "memberrole", "fellowshiprole"];

function guessColumn(headers: string[], names: string[]): string | null {
  for (const name of names) {
    const found = headers.find((h) => norm(h) === name);
    if (found !== undefined) return found;
  }
  return null;
}

/** The mapping given (each name must be a header of the file), or one guessed from the headers. */
export function resolveMapping(parsed: TParsedCsv, given?: z.output<typeof ZImportMapping>): TMapping {
  const { headers } = parsed;
  if (given) {
    const pick = (field: string, name: string | null | undefined) => {
      if (!name) return null;
      if (!headers.includes(name)) {
        throw badRequest(
          msg`The ${field} column "${name}" is not in the file. Its columns are: ${headers.join(", ")}.`,
          "mapping",
        );
      }
      return name;
    };
    return {
      email: pick("email", given.email) as string,
      firstName: pick("first name", given.firstName),
      lastName: pick("last name", given.lastName),
      role: pick("role", given.role),
    };
  }
  const email = parsed.hasHeader
    ? guessColumn(headers, EMAIL_HEADERS)
    : (headers[parsed.records[0].findIndex((c) => EMAIL.test(c))] ?? null);
  if (!email) {
    throw badRequest(
      msg`No email column found. Name a column "Email" or choose which column holds the email addresses. The file's columns are: ${headers.join(", ")}.`,
      "mapping",
    );
  }
  if (!parsed.hasHeader) return { email, firstName: null, lastName: null, role: null };
  return {
    email,
    firstName: guessColumn(headers, FIRST_HEADERS),
    lastName: guessColumn(headers, LAST_HEADERS),
    role: guessColumn(headers, ROLE_HEADERS),
  };
}
