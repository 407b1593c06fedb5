import type { TChannels, TChannelsBody } from "@common/notification-channels";
import type { TChurchCtx } from "../../lib/context";
import { findChannels, saveChannels, type TChannelsChange } from "../../lib/notification-channels";

/** `GET /api/notifications/channels`: the caller's own choice, every kind (defaults where they chose nothing). */
export function getMyChannels(ctx: TChurchCtx): Promise<TChannels> {
  return findChannels(ctx.db, ctx.userId);
}

/**
 * `PUT /api/notifications/channels`: changes what the body names (a kind wholly or one of its
 * fields, the quiet hours, the digest), keeps the rest; stores only what differs from the defaults.
 */
export function updateMyChannels(ctx: TChurchCtx, body: TChannelsBody): Promise<TChannels> {
  return saveChannels(ctx.db, ctx.userId, body as TChannelsChange);
}
