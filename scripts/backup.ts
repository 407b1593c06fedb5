// `npm run backup [-- --out FILE]`: writes one backup of every church's data (issue 15) and prints
// the file's path as its last line. Same settings as `npm start` (DATA_DIR or DATABASE_URL); works
// while the app runs and while it is stopped (then it starts the embedded PostgreSQL itself).
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../server/src/config";
import { createBackup } from "../server/src/ops/backup";
import { recordBackupAudit } from "../server/src/ops/backup-audit";
import { backupFileName } from "../server/src/ops/backup-format";
import { describeFailure, formatBytes } from "../server/src/ops/cli";
import { openConfiguredDatabase } from "../server/src/ops/database";

function parseArgs(args: string[]): { out?: string } {
  const opts: { out?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--out" && args[i + 1]) opts.out = args[++i];
    else if (a.startsWith("--out=")) opts.out = a.slice(6);
    else {
      console.error(`Unknown argument ${a}. Usage: npm run backup [-- --out FILE]`);
      process.exit(2);
    }
  }
  return opts;
}

async function main() {
  const { out } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  // Manual backups are named apart from the automatic ones, so the rotation never removes them.
  const file = path.resolve(
    out ?? path.join(config.backup.dir, backupFileName(new Date(), "fellowship-backup-manual")),
  );
  const db = await openConfiguredDatabase(config, { allowRunning: true, log: (m) => console.log(m) });
  try {
    const started = Date.now();
    const { manifest, bytes } = await createBackup(db.url, file);
    // Each church's audit trail records the backup (after its snapshot, which so does not hold it).
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await recordBackupAudit(client, "backup.created", file, { bytes: [null, bytes] });
    } finally {
      await client.end();
    }
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backed up ${manifest.tables.length} tables (${rows} rows, schema at ${manifest.migration.tag}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${formatBytes(bytes)}`,
    );
    console.log(file);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(describeFailure(err, "The backup failed"));
  process.exit(1);
});
