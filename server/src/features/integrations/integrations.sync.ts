import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { INTEGRATION_PLATFORM_INFO, type TIntegrationPlatform } from "@common/integrations";
import { INVITATION_TTL_DAYS } from "@common/invitation-helpers";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { TDb, TRootDb } from "../../db/client";
import { recordAudit } from "../../lib/audit";
import type { TChanged } from "../../lib/context";
import { createToken, sha256 } from "../../lib/crypto";
import { publish } from "../../lib/domain-events";
import { msg } from "../../lib/i18n";
import { lockBulkInvitations } from "../../lib/membership";
import type { SecretBox } from "../../lib/secrets";
import {
  endSyncRun,
  findChurchMembers,
  findIntegrationById,
  findKnownPeople,
  findMembersAfter,
  findPendingInvitations,
  lockIntegration,
  readCursor,
  savePeoplePage,
  saveSyncPage,
  setIntegrationSyncResult,
  startSyncRun,
  type TIntegrationRow,
  type TSyncCounts,
  type TSyncCursor,
  upsertIntegrationPeople,
} from "./integrations.repo";
import { ccbSource } from "./providers/ccb";
import { ProviderError, type TProviderSettings } from "./providers/http";
import { putMailchimpMember } from "./providers/mailchimp";
import type { TPeopleSource, TProviderPerson } from "./providers/people";
import { planningCenterSource } from "./providers/planning-center";

/**
 * One integration's sync, a page at a time. Each page is fetched from the provider outside any
 * transaction, then written in one transaction together with the figures and the cursor, and only
 * if the run is still where the page began (another worker running the same sync, or one resuming
 * after a restart, never writes a page twice). A restart resumes at the saved cursor; everything a
 * page writes is keyed (the provider's person id, the e-mail), so a page done again changes nothing.
 */
export type TSyncDeps = {
  db: TRootDb;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  changed: TChanged;
  providers: TProviderSettings;
};

const DAY_MS = 86_400_000;
const NAME_MAX = 100;
/** Mailchimp: members read per page, and PUTs at once (Mailchimp allows 10 connections per key). */
export const MAILCHIMP_BATCH = 100;
export const MAILCHIMP_CONCURRENCY = 5;
const ZEmail = z.string().max(254).pipe(z.email());

const NO_AUDIENCE = msg`Choose the Mailchimp audience to fill: enter its Audience ID (Audience, Settings, Audience name and defaults), then sync again.`;

type TPosition = Record<string, unknown>;
type TPageResult = { counts: TSyncCounts; changedUserIds: string[] };
type TPage = { next: TPosition | null; apply: (db: TDb, row: TIntegrationRow) => Promise<TPageResult> };
type TStepper = {
  first: (cursor: TSyncCursor) => TPosition;
  fetch: (position: TPosition) => Promise<TPage>;
  /** The cursor once a run has finished well. */
  finish: (cursor: TSyncCursor) => TSyncCursor;
};

const platformName = (row: TIntegrationRow) =>
  INTEGRATION_PLATFORM_INFO[row.platform as TIntegrationPlatform]?.name ?? row.platform;
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
/** Positions are compared as stored (jsonb drops undefined fields). */
const canonical = (p: unknown) => JSON.parse(JSON.stringify(p ?? null));

/** Runs (or resumes) the sync of the integration if it is marked syncing; a provider's failure ends it as "error". */
export async function syncIntegration(deps: TSyncDeps, integrationId: string): Promise<void> {
  let row = await findIntegrationById(deps.db, integrationId);
  // Disconnected since, or already settled by an earlier try.
  if (row?.syncStatus !== "syncing") return;
  const key = deps.secrets.open(row.apiKeySealed);
  if (key === null) {
    await setIntegrationSyncResult(deps.db, row.id, { syncStatus: "needs_key", lastError: null });
    return;
  }
  if (!row.isActive) {
    await endSyncRun(deps.db, row.id, null, { syncStatus: "active", lastError: null });
    return;
  }
  let cursor = readCursor(row);
  let runId = cursor.run?.runId ?? null;
  try {
    const stepper = createStepper(deps, row, key);
    if (!cursor.run) {
      const fresh = { runId: randomUUID(), position: stepper.first(cursor) };
      const started = await startSyncRun(deps.db, row.id, {
        ...cursor,
        startedAt: new Date().toISOString(),
        run: fresh,
      });
      // Another worker began this run first: carry it on together (each page is written once).
      row = started ?? (await findIntegrationById(deps.db, integrationId));
      cursor = row ? readCursor(row) : {};
      if (row?.syncStatus !== "syncing" || !cursor.run) return;
      runId = cursor.run.runId;
    }
    await runPages(deps, row.id, stepper, cursor.run);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await endSyncRun(deps.db, integrationId, runId, { syncStatus: "error", lastError: sentence(err.message) });
  }
}

async function runPages(deps: TSyncDeps, id: string, stepper: TStepper, run: NonNullable<TSyncCursor["run"]>) {
  let position = canonical(run.position) as TPosition;
  for (;;) {
    const page = await stepper.fetch(position);
    const saved = await deps.db.transaction(async (tx) => {
      const locked = await lockIntegration(tx, id);
      const current = locked ? readCursor(locked) : undefined;
      const isOurs =
        locked?.syncStatus === "syncing" &&
        locked.isActive &&
        current?.run?.runId === run.runId &&
        isDeepStrictEqual(canonical(current.run.position), position);
      if (!locked || !current || !isOurs) return { lost: locked };
      // Serialised with imports and "send all waiting" of the same church.
      await lockBulkInvitations(tx, locked.churchId);
      const result = await page.apply(tx, locked);
      const done = page.next === null;
      const cursor = done ? stepper.finish(current) : { ...current, run: { runId: run.runId, position: page.next } };
      const after = await saveSyncPage(
        tx,
        id,
        result.counts,
        cursor as TSyncCursor,
        done ? { syncStatus: "active", lastSync: new Date(), lastError: null } : {},
      );
      if (done)
        await recordAudit(
          tx,
          { churchId: locked.churchId, userId: null },
          {
            action: "integration.synced",
            targetType: "integration",
            targetId: id,
            changes: { seen: [null, after.seen], added: [null, after.added], updated: [null, after.updated] },
          },
        );
      if (done && after.added > 0 && locked.platform !== "mailchimp")
        await publish(tx, "integration.synced", {
          churchId: locked.churchId,
          actorId: null,
          integrationId: locked.id,
          platform: platformName(locked),
          added: after.added,
        });
      return { result, done };
    });
    if ("lost" in saved) {
      const now = saved.lost;
      if (now?.syncStatus !== "syncing") return; // disconnected, or settled elsewhere
      if (!now.isActive) {
        await endSyncRun(deps.db, id, run.runId, { syncStatus: "active", lastError: null });
        return;
      }
      const current = readCursor(now).run;
      if (current?.runId !== run.runId) return; // a newer run has its own worker
      position = canonical(current.position);
      continue; // another worker did this page: carry on from where it got to
    }
    for (const userId of saved.result.changedUserIds) await deps.changed("user", userId);
    if (saved.done) return;
    position = canonical(page.next);
  }
}

function createStepper(deps: TSyncDeps, row: TIntegrationRow, key: string): TStepper {
  const settings = deps.providers;
  if (row.platform === "mailchimp") {
    const audienceId = row.config.audienceId;
    if (typeof audienceId !== "string" || !audienceId) throw new ProviderError("failed", NO_AUDIENCE);
    return {
      first: () => ({ afterUserId: null }),
      fetch: (position) => fetchMailchimpBatch(deps, row, key, audienceId, (position.afterUserId as string) ?? null),
      finish: ({ run: _, ...rest }) => rest,
    };
  }
  let source: (cursor: TSyncCursor) => TPeopleSource;
  if (row.platform === "planning_center") source = () => planningCenterSource(key, settings);
  else if (row.platform === "church_community_builder")
    source = (cursor) => ccbSource(key, settings, String(row.config.subdomain ?? ""), cursor.modifiedSince ?? null);
  else throw new ProviderError("failed", msg`Sync is not available for ${platformName(row)}.`);
  const pages = source(readCursor(row));
  return {
    first: (cursor) => source(cursor).firstPosition,
    fetch: async (position) => {
      const page = await pages.fetchPage(position);
      return {
        next: page.next,
        apply: (db, locked) => applyPeoplePage(db, locked, page.people, deps.secrets),
      };
    },
    // CCB's next sync asks for those modified since a day before this one began (its dates have no time zone).
    finish: ({ run: _, ...rest }) =>
      row.platform === "church_community_builder" && rest.startedAt
        ? { ...rest, modifiedSince: new Date(Date.parse(rest.startedAt) - DAY_MS).toISOString().slice(0, 10) }
        : rest,
  };
}

const cleanName = (s: string | null) => s?.trim().slice(0, NAME_MAX) || null;
const cleanEmail = (s: string | null) => {
  const email = s?.trim().toLowerCase() ?? "";
  return ZEmail.safeParse(email).success ? email : null;
};

/**
 * A page of a church-management provider's people. Someone with an e-mail who is neither a member
 * nor invited becomes a pending invitation waiting for the admin's review (nothing is e-mailed); a
 * member (by the provider's id remembered from earlier syncs, or by e-mail) takes a name the provider
 * changed since it was last seen; everyone seen is remembered. A person brought in before is not
 * invited again (an invitation the admin deleted stays deleted) unless their e-mail changed.
 * `seen` = `added` + `updated` + `skipped` (no e-mail, already invited, nothing changed).
 */
async function applyPeoplePage(
  db: TDb,
  row: TIntegrationRow,
  raw: TProviderPerson[],
  secrets: SecretBox,
): Promise<TPageResult> {
  const byId = new Map<string, TProviderPerson>();
  for (const p of raw) {
    const externalId = p.externalId.trim().slice(0, 200);
    if (externalId)
      byId.set(externalId, {
        externalId,
        email: cleanEmail(p.email),
        firstName: cleanName(p.firstName),
        lastName: cleanName(p.lastName),
      });
  }
  const people = [...byId.values()];
  const emails = [...new Set(people.flatMap((p) => (p.email ? [p.email] : [])))];
  const known = await findKnownPeople(db, row.id, [...byId.keys()]);
  const knownUserIds = [...known.values()].flatMap((k) => (k.userId ? [k.userId] : []));
  const members = await findChurchMembers(db, row.churchId, knownUserIds, emails);
  const memberById = new Map(members.map((m) => [m.id, m]));
  const memberByEmail = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const pending = new Map((await findPendingInvitations(db, row.churchId, emails)).map((i) => [i.email, i]));
  const counts: TSyncCounts = { seen: 0, added: 0, updated: 0, skipped: 0 };
  const write: Parameters<typeof savePeoplePage>[2] = {
    invitations: [],
    members: [],
    renamedInvitations: [],
    people: [],
  };
  const claimed = new Set<string>();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  for (const p of people) {
    counts.seen++;
    const k = known.get(p.externalId);
    const member =
      (k?.userId ? memberById.get(k.userId) : undefined) ?? (p.email ? memberByEmail.get(p.email) : undefined);
    // Names flow in when the provider changed them since the last sync (or on first sight), so a
    // member's own edit stands until the provider's record changes.
    const isRenamed = !k || k.firstName !== p.firstName || k.lastName !== p.lastName;
    const renamed = <T extends { firstName: string | null; lastName: string | null }>(t: T) => {
      const firstName = p.firstName ?? t.firstName;
      const lastName = p.lastName ?? t.lastName;
      return isRenamed && (firstName !== t.firstName || lastName !== t.lastName) ? { firstName, lastName } : null;
    };
    if (member) {
      const names = renamed(member);
      if (names) {
        write.members.push({ id: member.id, ...names });
        Object.assign(member, names);
        counts.updated++;
      } else counts.skipped++;
    } else if (!p.email) {
      counts.skipped++;
    } else if (pending.has(p.email) || claimed.has(p.email)) {
      const inv = pending.get(p.email);
      const names = inv && inv.source === row.platform && inv.sentAt === null ? renamed(inv) : null;
      if (inv && names) {
        write.renamedInvitations.push({ id: inv.id, ...names });
        Object.assign(inv, names);
        counts.updated++;
      } else counts.skipped++;
    } else if (k?.email === p.email) {
      counts.skipped++;
    } else {
      const token = createToken(32);
      write.invitations.push({
        email: p.email,
        role: "CONGREGANT",
        tokenHash: sha256(token),
        tokenSealed: secrets.seal(token),
        invitedBy: row.createdBy,
        expiresAt,
        sentAt: null,
        source: row.platform,
        firstName: p.firstName,
        lastName: p.lastName,
      });
      claimed.add(p.email);
      counts.added++;
    }
    write.people.push({
      integrationId: row.id,
      churchId: row.churchId,
      externalId: p.externalId,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      userId: member?.id ?? null,
      seenAt: new Date(),
    });
  }
  await savePeoplePage(db, row.churchId, write);
  return { counts, changedUserIds: write.members.map((m) => m.id) };
}

/**
 * A batch of the church's members for Mailchimp: those new or changed since last sent are PUT (a few
 * at once); unchanged ones and those Mailchimp will not take (an address it was asked to forget)
 * are skipped. The PUTs are idempotent,
 * so a batch done again after a restart changes nothing.
 */
async function fetchMailchimpBatch(
  deps: TSyncDeps,
  row: TIntegrationRow,
  key: string,
  audienceId: string,
  afterUserId: string | null,
): Promise<TPage> {
  const batch = await findMembersAfter(deps.db, row.churchId, afterUserId, MAILCHIMP_BATCH);
  const known = await findKnownPeople(
    deps.db,
    row.id,
    batch.map((m) => m.id),
  );
  const toSend = batch.filter((m) => {
    const k = known.get(m.id);
    return !k || k.email !== m.email || k.firstName !== m.firstName || k.lastName !== m.lastName;
  });
  const results = await mapLimited(toSend, MAILCHIMP_CONCURRENCY, (m) =>
    putMailchimpMember(key, deps.providers, audienceId, m),
  );
  const sent = toSend.filter((_, i) => results[i].ok);
  const counts: TSyncCounts = {
    seen: batch.length,
    added: sent.filter((m) => !known.has(m.id)).length,
    updated: sent.filter((m) => known.has(m.id)).length,
    skipped: batch.length - sent.length,
  };
  const last = batch.at(-1);
  return {
    next: batch.length < MAILCHIMP_BATCH || !last ? null : { afterUserId: last.id },
    apply: async (db) => {
      // Refused ones are remembered too: asked again only once their address or name changes.
      await upsertIntegrationPeople(
        db,
        toSend.map((m) => ({
          integrationId: row.id,
          churchId: row.churchId,
          externalId: m.id,
          email: m.email,
          firstName: m.firstName,
          lastName: m.lastName,
          userId: m.id,
          seenAt: new Date(),
        })),
      );
      return { counts, changedUserIds: [] };
    },
  };
}

/** `fn` over `items`, at most `limit` at once, in order; the first failure is thrown once all have settled. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i]);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
  return results;
}
