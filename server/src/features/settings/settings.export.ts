import { eq } from "drizzle-orm";
import { churches } from "../../db/schema/churches";
import type { TDataKind } from "../../lib/data-kinds";

/** The church's own row. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const SETTINGS_DATA_KINDS: TDataKind[] = [
  {
    file: "church.csv",
    about: "The church's settings: name, contact details, branding, time zone, Bible reader.",
    fields: {
      id: churches.id,
      name: churches.name,
      address: churches.address,
      phone: churches.phone,
      email: churches.email,
      website: churches.website,
      logoUrl: churches.logoUrl,
      brandColor: churches.brandColor,
      timeZone: churches.timeZone,
      bibleReaderPattern: churches.bibleReaderPattern,
      bibleTranslation: churches.bibleTranslation,
      createdAt: churches.createdAt,
    },
    keys: ["id"],
    table: churches,
    where: (ctx) => eq(churches.id, ctx.churchId),
    memberColumn: null,
  },
];
