import type { TServerFrame } from "@common/live";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { openSocket } from "@/lib/socket";
import { applyLiveFrame } from "./live-cache";

/**
 * Keeps the page joined to the live event's room over `/ws` while `eventId` is set, applying each
 * frame to the query cache. `isConnected` is true once the server has said "joined": only then do
 * new messages arrive by themselves (until then the chat polls).
 */
export function useLiveSocket(eventId: string | undefined): { isConnected: boolean } {
  const queryClient = useQueryClient();
  const [isConnected, setConnected] = useState(false);

  useEffect(() => {
    if (!eventId) return;
    let hasJoined = false;
    const socket = openSocket<TServerFrame>({
      onStatus: (status) => {
        if (status !== "connected") setConnected(false);
      },
      onOpen: (send) => send({ type: "join_live_stream", eventId }),
      onFrame: (frame) => {
        if (frame.type === "joined" && frame.eventId === eventId) {
          setConnected(true);
          applyLiveFrame(queryClient, eventId, frame, { isRejoin: hasJoined });
          hasJoined = true;
          return;
        }
        applyLiveFrame(queryClient, eventId, frame, { isRejoin: false });
      },
    });
    return () => {
      socket.close();
      setConnected(false);
    };
  }, [eventId, queryClient]);

  return { isConnected };
}
