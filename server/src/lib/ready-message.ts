import os from "node:os";

const WILDCARD = new Set(["0.0.0.0", "::", "[::]", ""]);
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

const hostInUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** This machine's addresses on its networks (IPv4, not loopback): what another device would type. */
function networkAddresses(interfaces: ReturnType<typeof os.networkInterfaces>): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === "IPv4" && !i.internal)
    .map((i) => i.address);
}

/**
 * What the start-up prints once the server listens (issue 24): the address to open on this machine,
 * then how other machines reach it (HOST, and APP_URL for the links in e-mails).
 */
export function readyMessage(
  opts: { host: string; port: number; appUrl: string | undefined; publicUrl: string },
  interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces(),
): string[] {
  const { host, port, appUrl, publicUrl } = opts;
  const isWildcard = WILDCARD.has(host);
  const local = `http://${isWildcard || LOOPBACK.has(host) ? "localhost" : hostInUrl(host)}:${port}`;
  const lines = [`Fellowship is ready: open ${local} in a browser on this machine.`];
  if (appUrl) {
    lines.push(`Other people reach it at ${appUrl} (APP_URL); links in emails point there.`);
  } else if (LOOPBACK.has(host)) {
    lines.push(
      `Only this machine can reach it (HOST=${host}): set HOST=0.0.0.0 to let other devices in, and APP_URL to the address they use.`,
    );
  } else {
    const others = isWildcard ? networkAddresses(interfaces).map((a) => `http://${a}:${port}`) : [];
    const where = others.length ? `Other devices on your network can open ${others.join(" or ")}. ` : "";
    lines.push(
      `${where}Set APP_URL to the address people use (e.g. https://app.yourchurch.org), so that links in emails point there; they now point to ${publicUrl}.`,
    );
  }
  return lines;
}
