import { CHURCH_PRIVACY_URL, type TChurchPrivacy } from "@common/privacy-helpers";
import { useQuery } from "@tanstack/react-query";

/** `GET /api/church/privacy`: the member's church's privacy page. */
export function useChurchPrivacy() {
  return useQuery<TChurchPrivacy>({ queryKey: [CHURCH_PRIVACY_URL] });
}

/** `GET /api/invite/{token}/privacy`: the same page for the church an invitation leads to (signed out). */
export function useInvitationPrivacy(token: string) {
  return useQuery<TChurchPrivacy>({
    queryKey: ["/api/invite", encodeURIComponent(token), "privacy"],
    enabled: !!token,
    // A 401 here never means "your session ended": the page is for someone not signed in yet.
    meta: { publicPage: true },
  });
}
