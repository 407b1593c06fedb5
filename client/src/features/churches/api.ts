import type { TChurch, TCreateChurchBody } from "@common/churches";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { AUTH_USER_KEY } from "@/lib/query-keys";

export function useCreateChurch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateChurchBody) => apiJson<TChurch>("POST", "/api/churches", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
}
