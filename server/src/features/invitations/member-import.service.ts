import { getInvitationStatus, INVITATION_TTL_DAYS } from "@common/invitation-helpers";
import type {
  TImportRow,
  TMemberImportPreview,
  TMemberImportResult,
  ZMemberImportBody,
  ZMemberImportPreviewBody,
} from "@common/member-import";
import { IMPORT_PROBLEMS } from "@common/member-import-helpers";
import { INVITABLE_ROLES, ROLE_LABELS, type TRole } from "@common/roles";
import { z } from "zod";
import { auditChanges, recordAudit } from "../../lib/audit";
import type { TChurchCtx } from "../../lib/context";
import { createToken, sha256 } from "../../lib/crypto";
import { publish } from "../../lib/domain-events";
import { lockBulkInvitations } from "../../lib/membership";
import { createInvitationRows } from "./invitations.repo";
import { assertStillAdmin, sendInvitationRows, type TInvitationDeps } from "./invitations.service";
import { parseCsv, resolveMapping, toCsv } from "./member-import.csv";
import {
  findInvitationsForExport,
  findMemberEmails,
  findMembersForExport,
  findPendingInvitationEmails,
} from "./member-import.repo";

const DAY_MS = 86_400_000;
const NAME_MAX = 100;
// The same check as an invitation made by hand (ZCreateInvitationBody).
const ZEmailCell = z.string().max(254).pipe(z.email());

const toRoleWord = (cell: string) =>
  cell
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]+/g, "_")
    .replace(/^_|_$/g, "");
// The names on screen and in the members export ("Church Member", "Church Leader (Admin)") read back.
const ROLE_BY_LABEL = new Map(INVITABLE_ROLES.map((role) => [toRoleWord(ROLE_LABELS[role]), role]));

/**
 * A role cell: empty is a church member; "Group Leader", "group-leader" and GROUP_LEADER are one
 * role, and so are a role's label ("Church Member") and its API value (CONGREGANT).
 */
function toRole(cell: string | undefined): TRole | null {
  const word = toRoleWord(cell ?? "");
  if (word === "" || word === "MEMBER") return "CONGREGANT";
  if (word === "CHURCH_LEADER") return "ADMIN";
  const byLabel = ROLE_BY_LABEL.get(word);
  if (byLabel) return byLabel;
  return (INVITABLE_ROLES as readonly string[]).includes(word) ? (word as TRole) : null;
}

const nameCell = (cell: string | undefined) => cell?.trim().slice(0, NAME_MAX) || null;

/** The file's people with each one's problems, against the church's members and pending invitations now. */
async function readRows(ctx: TChurchCtx, body: z.output<typeof ZMemberImportPreviewBody>) {
  const parsed = parseCsv(body.csv, Boolean(body.mapping));
  const mapping = resolveMapping(parsed, body.mapping);
  const col = (name: string | null) => (name === null ? -1 : parsed.headers.indexOf(name));
  const at = {
    email: col(mapping.email),
    first: col(mapping.firstName),
    last: col(mapping.lastName),
    role: col(mapping.role),
  };
  const [members, invited] = [await findMemberEmails(ctx), await findPendingInvitationEmails(ctx)];
  const seen = new Set<string>();
  const firstRow = parsed.hasHeader ? 2 : 1;
  const rows: TImportRow[] = parsed.records.map((cells, i) => {
    const email = (cells[at.email] ?? "").trim().toLowerCase();
    const role = at.role < 0 ? "CONGREGANT" : toRole(cells[at.role]);
    const problems: string[] = [];
    if (!ZEmailCell.safeParse(email).success) problems.push(IMPORT_PROBLEMS.invalidEmail);
    else if (seen.has(email)) problems.push(IMPORT_PROBLEMS.duplicate);
    else if (members.has(email)) problems.push(IMPORT_PROBLEMS.member);
    else if (invited.has(email)) problems.push(IMPORT_PROBLEMS.invited);
    if (role === null) problems.push(IMPORT_PROBLEMS.unknownRole);
    seen.add(email);
    return {
      row: i + firstRow,
      email,
      firstName: at.first < 0 ? null : nameCell(cells[at.first]),
      lastName: at.last < 0 ? null : nameCell(cells[at.last]),
      role: role as TImportRow["role"],
      problems,
    };
  });
  return { headers: parsed.headers, mapping, rows };
}

export async function previewMemberImport(
  ctx: TChurchCtx,
  body: z.output<typeof ZMemberImportPreviewBody>,
): Promise<TMemberImportPreview> {
  const { headers, mapping, rows } = await readRows(ctx, body);
  const withProblems = rows.filter((r) => r.problems.length > 0).length;
  return { headers, mapping, rows, counts: { total: rows.length, ok: rows.length - withProblems, withProblems } };
}

/**
 * Makes an invitation (source "import") for each row without a problem, in one transaction; "now"
 * e-mails them as far as the daily limits allow, "later" leaves them waiting for review. Imports of
 * one church run one at a time and re-check the rows inside: a double submit invites nobody twice.
 */
export async function importMembers(
  ctx: TChurchCtx,
  body: z.output<typeof ZMemberImportBody>,
  deps: TInvitationDeps,
): Promise<TMemberImportResult> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockBulkInvitations(db, ctx.churchId);
    await assertStillAdmin(tx);
    const { rows } = await readRows(tx, body);
    const ok = rows.filter((r) => r.problems.length === 0);
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
    const created = await createInvitationRows(
      tx,
      ok.map((r) => {
        const token = createToken(32);
        return {
          email: r.email,
          role: r.role ?? "CONGREGANT",
          firstName: r.firstName,
          lastName: r.lastName,
          source: "import",
          sentAt: null,
          tokenHash: sha256(token),
          tokenSealed: deps.secrets.seal(token),
          expiresAt,
        };
      }),
    );
    const { sent, waiting, notice } =
      body.send === "now"
        ? await sendInvitationRows(tx, created, deps)
        : { sent: 0, waiting: created.length, notice: undefined };
    if (created.length > 0) {
      await publish(tx.db, "import.completed", {
        churchId: ctx.churchId,
        actorId: ctx.userId,
        created: created.length,
        sent,
        waiting,
      });
    }
    const result = { created: created.length, sent, waiting, skipped: rows.length - ok.length };
    // Counts only: the addresses are in the invitations themselves, not copied into the trail.
    await recordAudit(db, ctx, {
      action: "import.completed",
      targetType: "import",
      targetId: null,
      changes: auditChanges(null, { ...result, send: body.send }),
    });
    return notice ? { ...result, notice } : result;
  });
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const stamp = (d: Date | null) => (d ? d.toISOString() : null);

/** A download of the church's people is itself in the audit log (`export.downloaded`), with its row count. */
const recordExport = (ctx: TChurchCtx, what: "members" | "invitations", rows: number) =>
  recordAudit(ctx.db, ctx, {
    action: "export.downloaded",
    targetType: what,
    targetId: null,
    changes: { rows: [null, rows] },
  });

/** The church's members as CSV. Last active is the day only, as admins see it in the app. */
export async function exportMembersCsv(ctx: TChurchCtx): Promise<string> {
  const rows = await findMembersForExport(ctx);
  await recordExport(ctx, "members", rows.length);
  return toCsv(
    ["Email", "First Name", "Last Name", "Role", "Joined", "Points", "Last Active"],
    rows.map((r) => [
      r.email,
      r.firstName,
      r.lastName,
      ROLE_LABELS[r.role as TRole] ?? r.role,
      day(r.joinedAt ?? r.createdAt),
      r.points,
      day(r.lastActiveAt),
    ]),
  );
}

/** The church's invitations as CSV (never their links). */
export async function exportInvitationsCsv(ctx: TChurchCtx): Promise<string> {
  const rows = await findInvitationsForExport(ctx);
  await recordExport(ctx, "invitations", rows.length);
  return toCsv(
    ["Email", "First Name", "Last Name", "Role", "Status", "Source", "Created", "Sent", "Expires"],
    rows.map((r) => {
      const status = getInvitationStatus({ isUsed: r.isUsed, expiresAt: r.expiresAt.toISOString() });
      return [
        r.email,
        r.firstName,
        r.lastName,
        ROLE_LABELS[r.role as TRole] ?? r.role,
        status === "Pending" && !r.sentAt ? "Waiting for review" : status,
        r.source,
        stamp(r.createdAt),
        stamp(r.sentAt),
        stamp(r.expiresAt),
      ];
    }),
  );
}
