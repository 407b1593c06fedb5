import { liveChatMessages, liveModerators, liveStreams } from "../../db/schema/live";
import { inChurch } from "../../lib/church-scope";
import type { TDataKind } from "../../lib/data-kinds";

/** Live streams, their chat and moderators. Declared for the church export (and, by `memberColumn`, a member's own data later). */
export const LIVE_DATA_KINDS: TDataKind[] = [
  {
    file: "live-streams.csv",
    about: "Live streams, with their event and the sermon draft a recording made.",
    fields: {
      id: liveStreams.id,
      eventId: liveStreams.eventId,
      title: liveStreams.title,
      description: liveStreams.description,
      streamUrl: liveStreams.streamUrl,
      chatEnabled: liveStreams.chatEnabled,
      recordingEnabled: liveStreams.recordingEnabled,
      startedBy: liveStreams.startedBy,
      startedAt: liveStreams.startedAt,
      endedAt: liveStreams.endedAt,
      peakViewers: liveStreams.peakViewers,
      expiredMessageCount: liveStreams.expiredMessageCount,
      sermonId: liveStreams.sermonId,
    },
    keys: ["id"],
    table: liveStreams,
    where: (ctx) => inChurch(liveStreams, ctx),
    memberColumn: null,
  },
  {
    file: "live-chat.csv",
    about: "Live chat messages, deleted ones included (with when and by whom).",
    fields: {
      id: liveChatMessages.id,
      streamId: liveChatMessages.streamId,
      eventId: liveChatMessages.eventId,
      userId: liveChatMessages.userId,
      message: liveChatMessages.message,
      messageType: liveChatMessages.messageType,
      createdAt: liveChatMessages.createdAt,
      deletedAt: liveChatMessages.deletedAt,
      deletedBy: liveChatMessages.deletedBy,
    },
    keys: ["id"],
    table: liveChatMessages,
    where: (ctx) => inChurch(liveChatMessages, ctx),
    memberColumn: liveChatMessages.userId,
  },
  {
    file: "live-moderators.csv",
    about: "Members who may moderate the live chat.",
    fields: { userId: liveModerators.userId, createdAt: liveModerators.createdAt },
    keys: ["userId"],
    table: liveModerators,
    where: (ctx) => inChurch(liveModerators, ctx),
    memberColumn: liveModerators.userId,
  },
];
