import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_APP_SECRET } from "../../test/app";
import { createTestDb } from "../../test/db";
import { buildApp } from "../app";
import { loadConfig } from "../config";

/** A built client as the build writes it: hashed assets with .br and .gz copies, index.html and sw.js. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fellowship-client-"));
const js = `export const hello = ${JSON.stringify("a phone downloads this once ".repeat(200))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${"<p>Fellowship</p>".repeat(100)}</body></html>`;
function writeWithCopies(rel: string, text: string) {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
}
writeWithCopies("assets/index-abc123.js", js);
writeWithCopies("index.html", html);
writeWithCopies("sw.js", `self.addEventListener("fetch", () => {});\n${"// cache\n".repeat(200)}`);

let app: Awaited<ReturnType<typeof buildApp>>;
let dropDb: () => Promise<void>;
beforeAll(async () => {
  const db = await createTestDb();
  dropDb = db.drop;
  const config = loadConfig({ LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, DATA_DIR: dir });
  app = await buildApp({ config, db: db.db, logger: false, serveClient: true, clientDir: dir, runJobs: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await dropDb();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the built client is sent compressed and cached by what it is", () => {
  it("sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, the original otherwise", async () => {
    const br = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 5);

    const gz = await get("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("caches hashed assets for a year and makes the browser revalidate index.html, sw.js and app routes", async () => {
    expect((await get("/assets/index-abc123.js", "br")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    for (const url of ["/", "/sw.js", "/sermons"]) {
      const res = await get(url, "br");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    const route = await get("/sermons", "br");
    expect(route.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(route.rawPayload).toString()).toBe(html);
  });
});
