import type { SecretBox } from "../../lib/secrets";

/** About 100 bytes an entry: a few megabytes at most, whatever the number of churches. */
const MAX_ENTRIES = 20_000;

/** Each app's (each APP_SECRET's) opened tokens, by the sealed text they came from. */
const openedByBox = new WeakMap<SecretBox, Map<string, string | null>>();

/**
 * An invitation's token, opened from its sealed copy once per process instead of on every read: the
 * admins' list opened 100 tokens (AES-GCM) a page, about 4.5 % of its time (bench/RESULTS.md, issue 30).
 * Keyed by the sealed text itself, which never changes for an invitation (a new token is a new sealed
 * text), so nothing has to drop an entry: a deleted invitation's entry is only unused, and the map
 * starts afresh when full. The plain tokens stay in this process's memory, beside the key that opens
 * them all; they leave only in the answers that carried them before.
 */
export function openInvitationToken(secrets: SecretBox, sealed: string): string | null {
  let opened = openedByBox.get(secrets);
  if (!opened) {
    opened = new Map();
    openedByBox.set(secrets, opened);
  }
  const hit = opened.get(sealed);
  if (hit !== undefined) return hit;
  const token = secrets.open(sealed);
  if (opened.size >= MAX_ENTRIES) opened.clear();
  opened.set(sealed, token);
  return token;
}
