import pg from "pg";

/** A start-up problem the operator can fix, said in one sentence; main.ts prints it without a stack. */
export class StartupError extends Error {}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Makes sure the database DATABASE_URL names exists: it is created when the role may create
 * databases; otherwise, or when the server cannot be reached at all, the operator gets one clear
 * sentence instead of a driver's stack trace.
 */
export async function ensureDatabase(url: string, setting = "DATABASE_URL"): Promise<void> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, "")) || parsed.username;
  const where = parsed.searchParams.get("host") ?? `${parsed.hostname}:${parsed.port || 5432}`;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== "3D000") {
      throw new StartupError(`Could not connect to the database at ${where} (${setting}): ${(err as Error).message}.`);
    }
  } finally {
    await client.end().catch(() => {});
  }
  // The database is missing: ask the server's maintenance database to create it, as this role.
  parsed.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: parsed.toString() });
  try {
    await admin.connect();
    await admin.query(`create database ${quoteIdent(name)}`);
  } catch (err) {
    throw new StartupError(
      `The database "${name}" in ${setting} does not exist on ${where}, and user "${decodeURIComponent(parsed.username)}" could not create it (${(err as Error).message}); create it (createdb ${name}) or correct ${setting}.`,
    );
  } finally {
    await admin.end().catch(() => {});
  }
}
