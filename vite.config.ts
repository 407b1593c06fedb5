import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// `npm run dev` runs the server on PORT (default 5000); the dev server forwards API calls to it.
const apiServer = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: fromRoot("./client"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@common": fromRoot("./common"),
      "@": fromRoot("./client/src"),
    },
  },
  build: {
    outDir: fromRoot("./dist/client"),
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across releases. Only
    // the libraries the first screen needs ($initial) share the vendor chunk; one that only lazily
    // loaded pages use (react-hook-form, linkify-it) comes with those pages.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
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
