import fs from "node:fs";
import http from "node:http";

/**
 * The baseline: a bare node:http server answering each benchmarked path with the exact bytes the
 * app returned for it (BENCH_ROUTES_FILE: [{ path, contentType, bodyBase64 }]), from memory.
 */
type TRoute = { path: string; contentType: string; bodyBase64: string };

const routes = new Map<string, { contentType: string; body: Buffer }>();
for (const r of JSON.parse(fs.readFileSync(process.env.BENCH_ROUTES_FILE ?? "", "utf8")) as TRoute[]) {
  routes.set(r.path, { contentType: r.contentType, body: Buffer.from(r.bodyBase64, "base64") });
}

const server = http.createServer((req, res) => {
  const route = routes.get(req.url ?? "");
  if (!route) {
    res.writeHead(404, { "content-type": "application/json; charset=utf-8" }).end('{"message":"Not found"}');
    return;
  }
  res.writeHead(200, { "content-type": route.contentType, "content-length": route.body.length }).end(route.body);
});

server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
