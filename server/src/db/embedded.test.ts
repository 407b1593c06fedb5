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
