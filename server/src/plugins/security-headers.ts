/**
 * Security headers, computed once at start (plugins/edge.ts sets them on every answer). (@fastify/helmet
 * rebuilt them on every request and took about a quarter of the CPU of a cached `GET /api/auth/user`:
 * bench/RESULTS.md.) JSON responses get the headers that matter for them (`api`); pages also get the
 * content policy (`page`).
 */
export function buildSecurityHeaders(appUrlText: string | undefined): {
  api: Record<string, string>;
  page: Record<string, string>;
} {
  // 'self' covers this site's own WebSocket address in current browsers; with APP_URL set, it is
  // also named, for browsers that read 'self' narrowly. Never ws:/wss: to any host.
  const appUrl = appUrlText ? new URL(appUrlText) : undefined;
  const socketOrigin = appUrl ? ` ${appUrl.protocol === "https:" ? "wss" : "ws"}://${appUrl.host}` : "";
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "media-src 'self' https: blob:",
    // Vimeo's live events embed from vimeo.com itself.
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://vimeo.com https://www.facebook.com",
    // Sockets and fetches to this site only (security item 11: in CSP 3, https: would also allow wss:
    // to any host). So hls.js cannot fetch another host's playlist; browsers with their own HLS
    // (Safari, iOS) play it as media (media-src https:).
    `connect-src 'self'${socketOrigin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join("; ");
  const common: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
  };
  if (appUrlText?.startsWith("https://")) common["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  const page = { ...common, "content-security-policy": csp, "origin-agent-cluster": "?1" };
  return { api: common, page };
}
