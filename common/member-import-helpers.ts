/** Member import's constants without zod (common/member-import.ts holds the contracts): its screens import them directly. */

/** One import takes at most this many people (rows below the header). */
export const MEMBER_IMPORT_MAX_ROWS = 5000;

/** The problems a preview row can have; a row with any of them is skipped by the import. */
export const IMPORT_PROBLEMS = {
  invalidEmail: "Invalid email",
  duplicate: "Duplicate in this file",
  member: "Already a member",
  invited: "Already invited",
  unknownRole: "Unknown role",
} as const;
