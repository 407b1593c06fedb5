/** The Edit Profile dialog's birthday controls: month and day chosen from lists, the year typed (optional). */
export type TBirthdayParts = { month: string; day: string; year: string };

/** A stored "MM-DD" or "YYYY-MM-DD" as the three controls show it. */
export function toBirthdayParts(value: string | null | undefined): TBirthdayParts {
  const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(value ?? "");
  return m ? { year: m[1] ?? "", month: m[2], day: m[3] } : { year: "", month: "", day: "" };
}

/**
 * The three controls as the contract takes them: "" (no birthday) when all are empty, "MM-DD" or
 * "YYYY-MM-DD" when month and day are chosen; anything else (a year alone, a month without a day)
 * stays malformed so that the contract refuses it and the dialog says why.
 */
export function toBirthday({ month, day, year }: TBirthdayParts): string {
  if (!month && !day && !year) return "";
  const monthDay = `${month || "??"}-${day || "??"}`;
  return year ? `${year.padStart(4, "0")}-${monthDay}` : monthDay;
}
