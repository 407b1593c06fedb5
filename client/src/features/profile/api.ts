import type { TAuthUser } from "@common/auth";
import type { TPrivacySettings } from "@common/directory";
import { MEMBER_EXPORT_STATUS_URL, type TMemberExportStatus } from "@common/member-data-helpers";
import { DELETE_ACCOUNT_URL } from "@common/member-erasure-helpers";
import type {
  TAccountInfo,
  TActivityItem,
  TChangePasswordBody,
  TPreferences,
  TPreferencesBody,
  TProfileBody,
} from "@common/profile";
import type { TUserBadge, TUserStats } from "@common/user";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiJson, apiRequest } from "@/lib/api-client";
import { AUTH_USER_KEY, USER_BADGES_KEY, USER_STATS_KEY } from "@/lib/query-keys";
import { useAwardRefresh } from "@/lib/use-award-refresh";

export const PREFERENCES_KEY = ["/api/user/preferences"] as const;
export const ACCOUNT_KEY = ["/api/user/account"] as const;
export const ACTIVITY_KEY = ["/api/user/activity"] as const;
/** Issue 27: who sees each of the member's details, and whether they hide from the directory. */
export const PRIVACY_KEY = ["/api/user/privacy"] as const;
/** The directory's lists (its feature's key): a change of privacy changes what they hold. */
const DIRECTORY_KEY = ["/api/directory"] as const;

/** Issue 28: when the member last downloaded their own data and when they may again. */
export const MEMBER_EXPORT_STATUS_KEY = [MEMBER_EXPORT_STATUS_URL] as const;

/** Spec 2 section 9 shows five lines of recent activity. */
export const RECENT_ACTIVITY_COUNT = 5;

export function useUserStats() {
  return useQuery<TUserStats>({ queryKey: USER_STATS_KEY });
}

export function useUserBadges() {
  return useQuery<TUserBadge[]>({ queryKey: USER_BADGES_KEY });
}

export function useRecentActivity(limit = RECENT_ACTIVITY_COUNT) {
  return useQuery<TActivityItem[]>({
    queryKey: [...ACTIVITY_KEY, limit],
    queryFn: ({ signal }) => apiGet(`/api/user/activity?limit=${limit}`, signal).then((r) => r.json()),
  });
}

export function usePreferences() {
  return useQuery<TPreferences>({ queryKey: PREFERENCES_KEY });
}

export function useMemberExportStatus() {
  return useQuery<TMemberExportStatus>({ queryKey: MEMBER_EXPORT_STATUS_KEY });
}

export function useAccountInfo() {
  return useQuery<TAccountInfo>({ queryKey: ACCOUNT_KEY });
}

/** The server answers with the refreshed user: it replaces the cached one at once (spec 2: "refreshes the cached current user"). */
function useSetAuthUser() {
  const queryClient = useQueryClient();
  return (user: TAuthUser) => {
    queryClient.setQueryData(AUTH_USER_KEY, user);
    return queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
  };
}

export function useUpdateProfile() {
  const setUser = useSetAuthUser();
  const refresh = useAwardRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProfileBody) => apiJson<TAuthUser>("PATCH", "/api/user/profile", body),
    // A complete profile pays the onboarding journey's "profile_setup" step and its badge.
    onSuccess: (user) =>
      Promise.all([setUser(user), refresh(), queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY })]),
  });
}

export function useUploadAvatar() {
  const setUser = useSetAuthUser();
  return useMutation({
    mutationFn: (image: string) => apiJson<TAuthUser>("PUT", "/api/user/avatar", { image }),
    onSuccess: setUser,
  });
}

export function useRemoveAvatar() {
  const setUser = useSetAuthUser();
  return useMutation({
    mutationFn: () => apiJson<TAuthUser>("DELETE", "/api/user/avatar"),
    onSuccess: setUser,
  });
}

/** Shows the switch's new position at once and puts it back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPreferencesBody) => apiJson<TPreferences>("PATCH", "/api/user/preferences", body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<TPreferences>(PREFERENCES_KEY);
      if (before) {
        queryClient.setQueryData<TPreferences>(PREFERENCES_KEY, {
          ...before,
          ...body,
          prayerTopics: { ...before.prayerTopics, ...body.prayerTopics },
        } as TPreferences);
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
    },
    onSuccess: (prefs) => queryClient.setQueryData(PREFERENCES_KEY, prefs),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => apiRequest("POST", "/api/user/password", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY }),
  });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: () => apiRequest("POST", "/api/user/sessions/revoke-all") });
}

export function usePrivacy() {
  return useQuery<TPrivacySettings>({ queryKey: PRIVACY_KEY });
}

/** `PUT /api/user/privacy` with the whole setting: shown at once, put back if the server refuses. */
export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPrivacySettings) => apiJson<TPrivacySettings>("PUT", "/api/user/privacy", body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: PRIVACY_KEY });
      const before = queryClient.getQueryData<TPrivacySettings>(PRIVACY_KEY);
      queryClient.setQueryData<TPrivacySettings>(PRIVACY_KEY, body);
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(PRIVACY_KEY, context.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(PRIVACY_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
    },
  });
}

/** `POST /api/user/delete` (issue 28): erases the caller; the server ends every session of theirs. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password?: string; confirm: string }) =>
      apiJson<{ ok: true }>("POST", DELETE_ACCOUNT_URL, body),
  });
}
