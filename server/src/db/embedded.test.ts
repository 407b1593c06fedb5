import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-embedded-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("recovers the data directory from an app killed with kill -9, keeping the data", async () => {
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.resolve("server/src/db/embedded.ts"))};
      const pg = await startEmbeddedPostgres(${JSON.stringify(dir)});
      console.log("URL " + pg.url);
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
        const m = /URL (\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.on("exit", (code) => reject(new Error(`child exited ${code}`)));
    });
    await query(url, "create table kept (v text); insert into kept values ('still here')");
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    // The orphaned server still holds the directory; a new start must stop it and start again.
    const again = await startEmbeddedPostgres(dir);
    try {
      expect(await query(again.url, "select v from kept")).toEqual([{ v: "still here" }]);
    } finally {
      await again.stop();
    }
  });

  it("refuses to share a data directory with another live process", async () => {
    fs.writeFileSync(path.join(dir, "owner.pid"), String(process.ppid));
    await expect(startEmbeddedPostgres(dir)).rejects.toThrow(/Another Fellowship process/);
    fs.rmSync(path.join(dir, "owner.pid"));
  });
});

describe("running as root", () => {
  it("makes the folders above DATA_DIR passable for PostgreSQL's user and says which", async () => {
    if (process.getuid?.() !== 0) {
      // Only root hands the database to another user; as anyone else nothing is changed or said.
      const logs: string[] = [];
      const pg2 = await startEmbeddedPostgres(path.join(dir, "as-user"), { log: (m) => logs.push(m) });
      await pg2.stop();
      expect(logs.join("\n")).not.toContain("passable");
      return;
    }
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-closed-"));
    fs.chmodSync(closed, 0o700);
    const logs: string[] = [];
    try {
      const embedded = await startEmbeddedPostgres(path.join(closed, "data"), { log: (m) => logs.push(m) });
      await embedded.stop();
      expect(fs.statSync(closed).mode & 0o777).toBe(0o701);
      expect(logs.find((l) => l.includes("passable"))).toMatch(
        new RegExp(`^Running as root: .*made passable by others \\(o\\+x, not readable\\): ${closed}/data, ${closed}$`),
      );
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  });
});
