import type { TRole } from "@common/roles";
import type { TDb } from "../db/client";

/** Who is asking, within which church. Every service and repository function takes it first. */
export type TChurchCtx = { db: TDb; userId: string; churchId: string; role: TRole; timeZone: string };

/** A signed-in user who may not have a church yet (church setup, accepting an invitation). */
export type TUserCtx = { db: TDb; userId: string; churchId: string | null; role: TRole; email: string };
