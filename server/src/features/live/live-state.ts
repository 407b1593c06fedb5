import type { TLiveMessage } from "@common/live";
import { LIVE_HISTORY_SIZE } from "@common/live-helpers";
import type { TDb } from "../../db/client";
import type { CacheBus } from "../../lib/cache-bus";
import { findLiveWithEvent, findModeratorIds, listMessages } from "./live.repo";

/** Every change is announced on the bus ("live"); the TTL only bounds a change made behind the app's back. */
const TTL_MS = 60_000;

/** What every member of a church sees of its live stream (nothing per caller). */
export type TLiveState = {
  live: {
    streamId: string;
    eventId: string;
    title: string;
    description: string | null;
    streamUrl: string | null;
    chatEnabled: boolean;
    startedAt: Date;
    location: string;
    startTime: Date;
    endTime: Date;
  } | null;
  moderatorIds: Set<string>;
};

type TEntry<T> = { value: T; loadedAt: number };

/**
 * Per church, its live stream and moderators; per live event, its newest chat messages. Every member
 * opening /live, every socket joining and every message sent reads these, so a service with thousands
 * of viewers asks the database once. The message lists follow the event's frames (a new or deleted
 * message), from this process or another, so they never need reloading while the bus is up; a load
 * that ran while a frame arrived is not kept.
 */
export class LiveStateCache {
  private readonly states = new Map<string, TEntry<TLiveState>>();
  private readonly stateLoads = new Map<string, Promise<TLiveState>>();
  private readonly messages = new Map<string, TEntry<TLiveMessage[]>>();
  /** Bumped per event by every frame and reset: a load that saw another version is not kept. */
  private readonly versions = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly db: TDb,
    bus: CacheBus,
  ) {
    bus.on("live", (churchId) => {
      this.states.delete(churchId);
      this.stateLoads.delete(churchId);
    });
    bus.on("user", () => {
      // A moderator who left the church, or a sender's new name: rare; start again.
      this.states.clear();
      this.stateLoads.clear();
      this.messages.clear();
      this.generation++;
    });
    bus.onReset(() => {
      this.states.clear();
      this.stateLoads.clear();
      this.messages.clear();
      this.generation++;
    });
  }

  async getState(churchId: string): Promise<TLiveState> {
    const hit = this.states.get(churchId);
    if (hit && Date.now() - hit.loadedAt < TTL_MS) return hit.value;
    let load = this.stateLoads.get(churchId);
    if (!load) {
      const generation = this.generation;
      load = this.loadState(churchId).then((value) => {
        if (this.stateLoads.get(churchId) === load && generation === this.generation) {
          this.states.set(churchId, { value, loadedAt: Date.now() });
        }
        if (this.stateLoads.get(churchId) === load) this.stateLoads.delete(churchId);
        return value;
      });
      load.catch(() => this.stateLoads.delete(churchId));
      this.stateLoads.set(churchId, load);
    }
    return load;
  }

  async getMessages(churchId: string, eventId: string): Promise<TLiveMessage[]> {
    const hit = this.messages.get(eventId);
    if (hit && Date.now() - hit.loadedAt < TTL_MS) return hit.value;
    const version = this.versions.get(eventId) ?? 0;
    const generation = this.generation;
    const rows = await listMessages(this.db, { churchId }, eventId);
    if ((this.versions.get(eventId) ?? 0) === version && generation === this.generation) {
      this.messages.set(eventId, { value: rows, loadedAt: Date.now() });
    }
    return rows;
  }

  /** A new message reached the event's sockets (from any process). */
  addMessage(message: TLiveMessage): void {
    this.bump(message.eventId);
    const hit = this.messages.get(message.eventId);
    if (!hit) return;
    hit.value = [...hit.value, message].slice(-LIVE_HISTORY_SIZE);
  }

  /**
   * A moderator deleted a message. The list may now hold fewer than the newest hundred, so it is
   * dropped unless the message was not in it.
   */
  removeMessage(eventId: string, messageId: string): void {
    this.bump(eventId);
    const hit = this.messages.get(eventId);
    if (hit?.value.some((m) => m.id === messageId)) this.messages.delete(eventId);
  }

  /** The event's stream ended: its messages are no longer read from here. */
  forgetEvent(eventId: string): void {
    this.bump(eventId);
    this.messages.delete(eventId);
  }

  private bump(eventId: string): void {
    this.versions.set(eventId, (this.versions.get(eventId) ?? 0) + 1);
  }

  private async loadState(churchId: string): Promise<TLiveState> {
    const [row, moderatorIds] = await Promise.all([
      findLiveWithEvent(this.db, { churchId }),
      findModeratorIds(this.db, { churchId }),
    ]);
    const s = row?.stream;
    return {
      live:
        row && s?.eventId
          ? {
              streamId: s.id,
              eventId: s.eventId,
              title: s.title,
              description: s.description,
              streamUrl: s.streamUrl,
              chatEnabled: s.chatEnabled,
              startedAt: s.startedAt,
              location: row.location,
              startTime: row.startTime,
              endTime: row.endTime,
            }
          : null,
      moderatorIds: new Set(moderatorIds),
    };
  }
}
