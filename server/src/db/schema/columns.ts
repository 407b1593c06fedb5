import { customType, timestamp } from "drizzle-orm/pg-core";

/** Column helpers shared by the table files. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
