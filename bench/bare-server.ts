import fs from "node:fs";
import http from "node:http";

import type { TCapturedRoute } from "./run";

/**
 * The baseline: a bare node:http server answering each benchmarked path and Accept-Encoding with the
 * exact bytes (and Content-Encoding) the app returned for it (BENCH_ROUTES_FILE), from memory.
 */
const routes = new Map<string, { contentType: string; contentEncoding: string; body: Buffer }>();
for (const r of JSON.parse(fs.readFileSync(process.env.BENCH_ROUTES_FILE ?? "", "utf8")) as TCapturedRoute[]) {
  routes.set(`${r.path} ${r.acceptEncoding}`, {
    contentType: r.contentType,
    contentEncoding: r.contentEncoding,
    body: Buffer.from(r.bodyBase64, "base64"),
  });
}

const server = http.createServer((req, res) => {
  const route = routes.get(`${req.url ?? ""} ${req.headers["accept-encoding"] ?? ""}`);
  if (!route) {
    res.writeHead(404, { "content-type": "application/json; charset=utf-8" }).end('{"message":"Not found"}');
    return;
  }
  const encoding = route.contentEncoding ? { "content-encoding": route.contentEncoding, vary: "Accept-Encoding" } : {};
  res
    .writeHead(200, { "content-type": route.contentType, "content-length": route.body.length, ...encoding })
    .end(route.body);
});

server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
