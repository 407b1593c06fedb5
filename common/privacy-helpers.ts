/**
 * The church's privacy page (issue 28) without zod: the page's first load imports these directly
 * (common/privacy.ts holds the contract).
 */

/** `GET` it signed in: the caller's church's privacy page (`TChurchPrivacy`). */
export const CHURCH_PRIVACY_URL = "/api/church/privacy";

/** `GET` it signed out: the privacy page of the church an invitation leads to (the sign-up form links it). */
export const invitationPrivacyUrl = (token: string) => `/api/invite/${encodeURIComponent(token)}/privacy`;

/** What the privacy page shows: who the church is, how to reach it, and how long each kind of data is kept. */
export type TChurchPrivacy = {
  church: {
    name: string;
    logoUrl: string | null;
    brandColor: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
  };
  /** How to reach the church about members' data (Church Settings); null: write to the church's e-mail. */
  privacyContact: string | null;
  /** How long each kind of data is kept, in days (Church Settings). */
  retentionDays: { chat: number; notifications: number; audit: number; removedMembers: number };
  /**
   * About how long the server's automatic backups reach back, in days (BACKUP_INTERVAL_HOURS x
   * BACKUP_KEEP, rounded up); null when this server makes none.
   */
  backupDays: number | null;
};
