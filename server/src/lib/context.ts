import type { TRole } from "@common/roles";
import type { TDb } from "../db/client";
import type { TTopic } from "./cache-bus";

/**
 * What a service function tells the rest of the app after it writes: a cached user, session,
 * church or list changed. It is called after the writing transaction commits and reaches every
 * app process (the cache bus), so a new write path only has to call the service to get it right.
 */
export type TChanged = (topic: TTopic, id: string) => Promise<void>;

/** The app itself: its database and its after-write effects (public routes, jobs). */
export type TAppCtx = { db: TDb; changed: TChanged };

/** Who is asking, within which church. Every church-owned service and repository function takes it first. */
export type TChurchCtx = TAppCtx & {
  userId: string;
  churchId: string;
  role: TRole;
  timeZone: string;
  /** The address of the request (the audit trail's "from where"); absent when the app itself acts. */
  ip?: string;
};

/** A signed-in user who may not have a church yet (church setup, accepting an invitation). */
export type TUserCtx = TAppCtx & { userId: string; churchId: string | null; role: TRole; email: string; ip?: string };
