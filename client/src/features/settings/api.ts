import type { TChurchSettings, TChurchSettingsBody } from "@common/churches";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { AUTH_USER_KEY, READING_TODAY_KEY } from "@/lib/query-keys";

export const CHURCH_SETTINGS_KEY = ["/api/admin/church/settings"] as const;

export function useChurchSettings() {
  return useQuery<TChurchSettings>({ queryKey: CHURCH_SETTINGS_KEY });
}

/**
 * After saving, the settings and the current user are refetched (the theme colour follows live), and
 * today's readings, whose links follow the church's Bible reader.
 */
export function useUpdateChurchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChurchSettingsBody) => apiJson<TChurchSettings>("PUT", "/api/admin/church/settings", body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CHURCH_SETTINGS_KEY }),
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: READING_TODAY_KEY }),
      ]),
  });
}
