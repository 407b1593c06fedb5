import { KUDOS_LIST_LIMIT, type TKudos, type TKudosReaction } from "@common/kudos";
import type { TRootDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { ChurchSnapshotCache } from "../../lib/church-snapshot-cache";
import {
  findNewestApprovedRows,
  findReactors,
  findUnapprovedRows,
  isReaction,
  kudosJsonHead,
  noReactions,
  REACTION_ORDER,
  type TKudosRow,
} from "./kudos.repo";

/** Every change is announced on the bus; the TTL only bounds a change made behind the app's back. */
const TTL_MS = 60_000;

/**
 * At most this many of a church's kudos not approved are kept (pending ones wait for an admin,
 * rejected ones stay). A church with more has its senders' own read per request instead.
 */
export const UNAPPROVED_KEPT = 1000;

/** A kudos as the server knows it, with its reaction counts and who reacted how. */
export type TKeptKudos = {
  row: TKudosRow;
  reactions: TKudos["reactions"];
  /** Each member's own reactions to it, in the order of the buttons. */
  reactedBy: Map<string, TKudosReaction[]>;
  /** The answer's part the same for every caller, and the counts, serialised once (`toKudosJson`). */
  head: string;
  reactionsJson: string;
};

export type TKudosWall = {
  /** The church's newest approved kudos, at most KUDOS_LIST_LIMIT, newest first. */
  approved: TKeptKudos[];
  /** Approved kudos older than those kept exist (the list's next page, issue 30). */
  hasOlderApproved: boolean;
  /** Each sender's kudos not approved, newest first; null when the church has too many to keep. */
  unapprovedBySender: Map<string, TKeptKudos[]> | null;
};

/**
 * The kudos list of each church as the server knows it: the newest approved kudos with their
 * sender's and recipient's names and photos, the kudos not approved (each shown to its sender only),
 * and their reactions. Nothing here is per caller; the caller's view (their own kudos merged in,
 * `isMine`, the rejection reason, their reactions) is made per request (`toKudos`).
 *
 * Dropped when the church's kudos change (the "kudos" topic: a new kudos, an approval or rejection,
 * a reaction) and when a sender or recipient of a kept kudos changes (ChurchSnapshotCache).
 */
export class KudosListCache extends ChurchSnapshotCache<TKudosWall> {
  constructor(db: TRootDb, bus: CacheBus) {
    super(db, bus, { topics: ["kudos"], ttlMs: TTL_MS, load: loadKudosWall });
  }
}

async function loadKudosWall(db: TRootDb, churchId: string): Promise<{ value: TKudosWall; people: Set<string> }> {
  const [approvedAndOneMore, unapprovedRows] = await Promise.all([
    findNewestApprovedRows(db, churchId, KUDOS_LIST_LIMIT + 1),
    findUnapprovedRows(db, churchId, UNAPPROVED_KEPT + 1),
  ]);
  const approvedRows = approvedAndOneMore.slice(0, KUDOS_LIST_LIMIT);
  const keptUnapproved = unapprovedRows.length <= UNAPPROVED_KEPT ? unapprovedRows : null;
  const rows = [...approvedRows, ...(keptUnapproved ?? [])];
  const kept = keepWithReactions(
    rows,
    await findReactors(
      db,
      churchId,
      rows.map((r) => r.id),
    ),
  );
  let unapprovedBySender: Map<string, TKeptKudos[]> | null = null;
  if (keptUnapproved) {
    unapprovedBySender = new Map();
    for (const k of kept.slice(approvedRows.length)) {
      if (!k.row.fromUserId) continue;
      const theirs = unapprovedBySender.get(k.row.fromUserId);
      if (theirs) theirs.push(k);
      else unapprovedBySender.set(k.row.fromUserId, [k]);
    }
  }
  const people = new Set(rows.flatMap((r) => (r.fromUserId ? [r.fromUserId, r.toUserId] : [r.toUserId])));
  const hasOlderApproved = approvedAndOneMore.length > KUDOS_LIST_LIMIT;
  return { value: { approved: kept.slice(0, approvedRows.length), hasOlderApproved, unapprovedBySender }, people };
}

/** `rows` in their order, each with its reaction counts and who reacted how. */
export function keepWithReactions(
  rows: TKudosRow[],
  reactors: { kudosId: string; reaction: string; userId: string }[],
): TKeptKudos[] {
  const byId = new Map<string, TKeptKudos>(
    rows.map((row) => [row.id, { row, reactions: noReactions(), reactedBy: new Map(), head: "", reactionsJson: "" }]),
  );
  for (const r of reactors) {
    const k = byId.get(r.kudosId);
    if (!k || !isReaction(r.reaction)) continue;
    k.reactions[r.reaction]++;
    const theirs = k.reactedBy.get(r.userId);
    if (theirs) theirs.push(r.reaction);
    else k.reactedBy.set(r.userId, [r.reaction]);
  }
  for (const k of byId.values()) {
    for (const theirs of k.reactedBy.values()) theirs.sort((a, b) => REACTION_ORDER[a] - REACTION_ORDER[b]);
    k.head = kudosJsonHead(k.row);
    k.reactionsJson = JSON.stringify(k.reactions);
  }
  return [...byId.values()];
}
