import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compiledCatalogs } from "./scripts/catalog-plugin.mjs";
import { readRouteTable } from "./scripts/check-bundle-budget.mjs";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// `npm run dev` runs the server on PORT (default 5000); the dev server forwards API calls to it.
const apiServer = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
const MIN_COMPRESS_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      // `.vite/` holds the build manifest, which the server never sends.
      if (e.isDirectory()) return e.name.startsWith(".") ? [] : listFiles(full);
      return [full];
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 * build above 1 KB, keeping the original; the server sends the one the browser accepts. A copy that
 * would not be smaller is not written.
 */
function precompress(): Plugin {
  return {
    name: "fellowship:precompress",
    apply: "build",
    writeBundle: {
      order: "post",
      sequential: true,
      async handler({ dir }) {
        if (!dir) return;
        const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            const data = await readFile(file);
            if (data.length < MIN_COMPRESS_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: 9 }),
            ]);
            if (br.length < data.length) await writeFile(`${file}.br`, br);
            if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * Tells the service worker (client/public/sw.js) which hashed assets this build has: it keeps
 * those it has cached and drops the previous releases' when it activates. The list also changes
 * sw.js itself with every release, which is what makes browsers install the new worker.
 */
function serviceWorkerAssets(): Plugin {
  const PLACEHOLDER = "const BUILD_ASSETS = null;";
  return {
    name: "fellowship:sw-assets",
    apply: "build",
    writeBundle: {
      sequential: true,
      async handler({ dir }, bundle) {
        if (!dir) return;
        const file = path.join(dir, "sw.js");
        if (!(await stat(file).catch(() => null))) return;
        const source = await readFile(file, "utf8");
        if (!source.includes(PLACEHOLDER)) throw new Error(`sw.js must contain \`${PLACEHOLDER}\``);
        const assets = Object.keys(bundle)
          .filter((name) => name.startsWith("assets/"))
          .sort()
          .map((name) => `/${name}`);
        await writeFile(file, source.replace(PLACEHOLDER, `const BUILD_ASSETS = ${JSON.stringify(assets)};`));
      },
    },
  };
}

/**
 * A libraries' shared chunk is named after the package with the most modules in it
 * (`react-remove-scroll-[hash].js`) rather than after a file name (`dist-[hash].js`), so the
 * budget's table and the network panel say what it holds.
 */
function chunkFileName(chunk: { name: string; moduleIds: string[] }): string {
  if (!["dist", "index", "esm", "es2015", "lib", "module"].includes(chunk.name)) return "assets/[name]-[hash].js";
  const counts = new Map<string, number>();
  for (const id of chunk.moduleIds) {
    const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
    if (pkg) counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return top ? `assets/${top.replace(/^@/, "").replace(/[\\/]/g, "-")}-[hash].js` : "assets/[name]-[hash].js";
}

/**
 * The entry's own chunks (see `modulePreload`). One renamed stays in the lists (loaded once all the same);
 * a page's chunk that took one of these names would load after its page instead of beside it.
 */
const ENTRY_CHUNK =
  /(^|\/)(react|vendor|rolldown-runtime|use-toast|locales|api-client|full-page|auth-redirect|utils)-[\w-]{8}\.js$/;

/**
 * Every signed-in page loads router.tsx's signed-in module (the shell, the tours, church setup) and
 * what it imports: about 25 files of a few hundred bytes each, each its own request and
 * `<link rel=modulepreload>` (bench/RESULTS.md, issue 30). The shell's own modules (those no entry
 * and no signed-out page imports: the guest and public pages of the route table) go into one
 * `shell` chunk, so no page loads a byte more and the signed-out pages never load it. What a
 * signed-out page shares with the shell (an icon, a Radix part, a query hook) stays in the chunks
 * it has: grouping those too made sign-in and the public pages load the shell (over their budgets).
 * The set is computed once the module graph is known (`buildEnd`), before the chunks are made; the
 * signed-in module itself keeps its own small chunk (the manifest's key for it, which
 * scripts/check-bundle-budget.mjs reads).
 */
function shellChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: "fellowship:shell-chunk",
    apply: "build",
    buildEnd() {
      const reach = (ids: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const id of ids) visit(id);
        return seen;
      };
      const client = (m: string) => fromRoot(`./client/${m}`);
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const signedOutPages = readRouteTable()
        .filter((r) => r.access === "guest" || r.access === "public")
        .flatMap((r) => r.modules.map(client));
      const elsewhere = reach([...entries, ...signedOutPages]);
      const signedIn = client("src/app/signed-in-routes.tsx");
      shell = new Set([...reach([signedIn])].filter((id) => id !== signedIn && !elsewhere.has(id)));
    },
  };
  return { plugin, test: (id) => shell.has(id) };
}
const shell = shellChunk();

export default defineConfig({
  root: fromRoot("./client"),
  plugins: [compiledCatalogs(), react(), tailwindcss(), shell.plugin, serviceWorkerAssets(), precompress()],
  resolve: {
    alias: {
      "@common": fromRoot("./common"),
      "@": fromRoot("./client/src"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which files each page needs (scripts/check-bundle-budget.mjs).
    manifest: true,
    // Vite warns at any chunk above 500 kB, which `npm start` printed on a user's first start. What a
    // phone downloads is checked by scripts/check-bundle-budget.mjs instead: each page's first load,
    // gzipped, against 110 KB (landing) and 170 KB (every other page). The one chunk above 500 kB is
    // hls.js (578 kB, 178 KB gzipped), imported only when a browser without native HLS plays an
    // .m3u8 stream (client/src/components/hls-video.tsx), so no page's first load holds it. 600 kB
    // still warns about a new large chunk nobody planned.
    chunkSizeWarningLimit: 600,
    // A lazily loaded page preloads the chunks it needs, listed in the entry (one list per page).
    // The chunks the entry itself imports (index.html preloads them: React, the vendor libraries,
    // the bundler's runtime, the API client, the words' loader...) are loaded before any page can
    // be: naming them again in every list only made the first load larger. Matched by their whole
    // name and 8-character hash, so react-hook-form-*.js is not mistaken for react-*.js.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === "js" ? deps.filter((d) => !ENTRY_CHUNK.test(d)) : deps,
    },
    // Libraries change less often than the app: separate chunks stay cached across releases. Only
    // the libraries the first screen needs ($initial) share the vendor chunk; one that only lazily
    // loaded pages use (react-hook-form, linkify-it) comes with those pages.
    rolldownOptions: {
      output: {
        chunkFileNames: chunkFileName,
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Named after what they hold, for the budget's table: forms, and the contracts' validator.
            { name: "react-hook-form", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 2 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
            // The signed-in shell's own modules, in one chunk (see `shellChunk`). Not their dependencies:
            // those stay where they were (an icon a signed-out page draws too, a Radix part).
            { name: "shell", test: shell.test, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiServer, changeOrigin: false },
      "/ws": { target: apiServer, ws: true },
      "/manifest.webmanifest": { target: apiServer },
    },
  },
});
