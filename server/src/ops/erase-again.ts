import { eraseMember } from "../features/member-erasure/member-erasure.service";
import type { TReapplyErasure } from "./restore-erasures";

/**
 * The member-erasure feature's own erasure, run by a restore for a member erased after the backup
 * was taken: source "restore", by the system (no user, no address). ops/ is not a feature (the
 * server's import rule binds features only); this is the one place it reaches one.
 */
export const eraseAgain: TReapplyErasure = (db, { churchId, memberId }) =>
  eraseMember(db, { churchId, memberId, source: "restore", by: { churchId, userId: null, ip: null } });
