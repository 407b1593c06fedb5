import { DEFAULT_BRAND_COLOR } from "@common/brand";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The web app manifest carries the signed-in member's church name and colour (DESIGN: installable). */
export const pwaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/manifest.webmanifest", async (req, reply) => {
    const church = (await req.getUser())?.church;
    const name = church?.name ?? "Fellowship";
    const color = church?.brandColor ?? DEFAULT_BRAND_COLOR;
    return reply
      .header("content-type", "application/manifest+json; charset=utf-8")
      .header("cache-control", "private, no-cache")
      .send({
        name,
        short_name: name.length > 12 ? name.slice(0, 12).trim() : name,
        description: "Sermons, events, prayer and growth for your church community.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: color,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      });
  });
};
