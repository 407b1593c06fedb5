/**
 * Who hears the frames of the app's sockets besides the page that opened them: the notification
 * bell refreshes at once on a `notification` frame this way, without opening a socket of its own.
 * A module of its own so that the shell does not download the socket code (lib/socket.ts) for it.
 */
type TFrameListener = (frame: { type: string }) => void;
const frameListeners = new Set<TFrameListener>();

/** Hears every frame of any socket the app has open; returns the function that stops listening. */
export function listenToSocketFrames(listener: TFrameListener): () => void {
  frameListeners.add(listener);
  return () => {
    frameListeners.delete(listener);
  };
}

/** lib/socket.ts passes each frame it receives here. */
export function announceSocketFrame(frame: { type: string }): void {
  for (const listener of frameListeners) listener(frame);
}
