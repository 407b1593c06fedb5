/**
 * The bench's "integrations" part (issue 12): bulk work an admin starts, timed end to end against the
 * app as users run it, with the app process's memory sampled while it works.
 *
 * - a 5,000-row CSV import: the preview (parse, check every row against the church), then the import
 *   itself ("later": 5,000 invitations waiting for review, nothing e-mailed);
 * - a sync of 5,000 people from the Planning Center stand-in (server/test/stand-ins), from "Sync now"
 *   to the integration's status turning back to active (read every 100 ms, as the page does every
 *   2 s), pages of 100 over loopback; then the same sync again with nothing changed.
 *
 * Memory is the app process's resident set (VmRSS in /proc), sampled every 20 ms: before the work and
 * its peak during it. No thresholds: the figures go to bench/RESULTS.md.
 */

import fs from "node:fs";
import type { TIntegration } from "../common/integrations";
import { startPlanningCenterStandIn } from "../server/test/stand-ins/planning-center";
import type { TStandIn } from "../server/test/stand-ins/stand-in-server";

export const INTEGRATIONS_PART = "integrations: 5,000-row CSV import and 5,000-person sync";
export const IMPORT_ROWS = 5000;
export const SYNC_PEOPLE = 5000;

/** The Planning Center stand-in with the people to sync; started before the app, whose env names it. */
export function startSyncStandIn(): Promise<TStandIn<unknown>> {
  return startPlanningCenterStandIn({ people: SYNC_PEOPLE });
}

export type TIntegrationsBenchContext = {
  appUrl: string;
  /** The app's process (one Node process: `npm start` runs the server in place). */
  appPid: number;
  /** An admin's session cookie; the admin's church receives the rows. */
  cookie: string;
};

export type TBulkRow = { what: string; ms: number; baseMiB: number; peakMiB: number; detail: string };

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Runs `work` while sampling `pid`'s memory; its time, the memory before and the peak during it. */
async function sampled<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; baseMiB: number; peakMiB: number }> {
  const baseMiB = rssMiB(pid);
  let peakMiB = baseMiB;
  const timer = setInterval(() => {
    peakMiB = Math.max(peakMiB, rssMiB(pid));
  }, 20);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, baseMiB, peakMiB: Math.max(peakMiB, rssMiB(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function call(ctx: TIntegrationsBenchContext, method: string, urlPath: string, body?: unknown) {
  const res = await fetch(ctx.appUrl + urlPath, {
    method,
    headers: { cookie: ctx.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A spreadsheet export as churches have them: header row, then one person a row. */
export function importCsv(rows: number, tag: string): string {
  const lines = ["Email,First Name,Last Name,Role"];
  for (let i = 0; i < rows; i++)
    lines.push(`${tag}.person${i}@example.org,First${i},Last${i},${i % 50 === 0 ? "Group Leader" : "Member"}`);
  return `${lines.join("\n")}\n`;
}

export async function measureCsvImport(ctx: TIntegrationsBenchContext): Promise<TBulkRow[]> {
  const csv = importCsv(IMPORT_ROWS, `import${Date.now()}`);
  const kb = (Buffer.byteLength(csv) / 1024).toFixed(0);
  const preview = await sampled(ctx.appPid, () => call(ctx, "POST", "/api/admin/members/import/preview", { csv }));
  const counts = preview.result.counts as { total: number; ok: number };
  if (counts.ok !== IMPORT_ROWS) throw new Error(`import preview: ${counts.ok} of ${IMPORT_ROWS} rows ok`);
  const done = await sampled(ctx.appPid, () => call(ctx, "POST", "/api/admin/members/import", { csv, send: "later" }));
  if (done.result.created !== IMPORT_ROWS) throw new Error(`import: created ${done.result.created}`);
  return [
    { what: `CSV preview, ${IMPORT_ROWS} rows (${kb} KB)`, ...preview, detail: `${counts.ok} rows ok` },
    { what: `CSV import, ${IMPORT_ROWS} rows, send later`, ...done, detail: `${done.result.created} invitations` },
  ];
}

async function untilSynced(ctx: TIntegrationsBenchContext, id: string): Promise<TIntegration> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const list = (await call(ctx, "GET", "/api/integrations")) as unknown as TIntegration[];
    const found = list.find((i) => i.id === id);
    if (!found) throw new Error("sync: the integration is gone");
    if (found.syncStatus !== "syncing") return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("sync: still syncing after 300 s");
}

/** Connect Planning Center (the key checked against the stand-in), then "Sync now" twice: new people, then no change. */
export async function measurePlanningCenterSync(
  ctx: TIntegrationsBenchContext,
  standIn: TStandIn<unknown>,
): Promise<TBulkRow[]> {
  const { id } = (await call(ctx, "POST", "/api/integrations", {
    platform: "planning_center",
    apiKey: standIn.key,
  })) as unknown as TIntegration;
  const rows: TBulkRow[] = [];
  for (const what of [`Planning Center sync, ${SYNC_PEOPLE} new people`, "the same sync again, nothing changed"]) {
    const run = await sampled(ctx.appPid, async () => {
      await call(ctx, "POST", `/api/integrations/${id}/sync`);
      return untilSynced(ctx, id);
    });
    const { counts, syncStatus, lastError } = run.result;
    if (syncStatus !== "active") throw new Error(`sync ended ${syncStatus}: ${lastError}`);
    if (counts.seen !== SYNC_PEOPLE) throw new Error(`sync saw ${counts.seen} of ${SYNC_PEOPLE}`);
    rows.push({
      what,
      ...run,
      detail: `seen ${counts.seen}, added ${counts.added}, updated ${counts.updated}, skipped ${counts.skipped}`,
    });
  }
  return rows;
}

export function formatBulkRows(rows: TBulkRow[]): string {
  const lines = [
    "| Work | Time | App memory before → peak | Result |",
    "| --- | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.what} | ${(r.ms / 1000).toFixed(2)} s | ${r.baseMiB.toFixed(0)} → ${r.peakMiB.toFixed(0)} MiB | ${r.detail} |`,
    ),
  ];
  return lines.join("\n");
}
