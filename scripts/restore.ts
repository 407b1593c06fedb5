// `npm run restore -- FILE [--force]`: loads a backup into the database `npm start` uses (issue 15),
// with the app stopped. The whole file is checked first; a database holding data is refused unless
// --force, which first writes a backup of it to BACKUP_DIR. Members erased since the backup was taken
// (recorded in the database replaced or in a newer backup in BACKUP_DIR) are erased again (issue 28).
import { loadConfig } from "../server/src/config";
import { describeFailure } from "../server/src/ops/cli";
import { openConfiguredDatabase } from "../server/src/ops/database";
import { restoreBackup } from "../server/src/ops/restore";

const USAGE = "Usage: npm run restore -- FILE [--force]";

function parseArgs(args: string[]): { file: string; force: boolean } {
  let file: string | undefined;
  let force = false;
  for (const a of args) {
    if (a === "--force") force = true;
    else if (!a.startsWith("-") && !file) file = a;
    else {
      console.error(`Unknown argument ${a}. ${USAGE}`);
      process.exit(2);
    }
  }
  if (!file) {
    console.error(USAGE);
    process.exit(2);
  }
  return { file, force };
}

async function main() {
  const { file, force } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const log = (m: string) => console.log(m);
  const db = await openConfiguredDatabase(config, { allowRunning: false, log });
  try {
    const { manifest } = await restoreBackup(db.url, file, { force, safetyDir: config.backup.dir, log });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) from a backup of ${manifest.createdAt} (Fellowship ${manifest.appVersion}). Start the app with npm start.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(describeFailure(err, "The restore failed"));
  process.exit(1);
});
