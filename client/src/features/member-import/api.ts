import type {
  TImportMapping,
  TMemberImportBody,
  TMemberImportPreview,
  TMemberImportPreviewBody,
  TMemberImportResult,
} from "@common/member-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trackError } from "@/lib/analytics";
import { ApiError, apiJson } from "@/lib/api-client";
import { ADMIN_STATS_KEY } from "@/lib/query-keys";

/* Types only from @common/member-import: its values would bring zod into the page's download. */

export const PREVIEW_PATH = "/api/admin/members/import/preview";
export const IMPORT_PATH = "/api/admin/members/import";
/** The invitations page's list (its key is the path; that feature's own api.ts is not this feature's to import). */
const INVITATIONS_KEY = ["/api/invitations"] as const;

export type TImportPhase = { phase: "uploading"; fraction: number } | { phase: "processing" };

/**
 * POSTs JSON with XMLHttpRequest, whose upload reports its progress (fetch's does not): the phases
 * are the bytes sent, then the server's work until it answers. A refusal is an ApiError as usual.
 */
export function postJsonWithProgress<T>(
  path: string,
  body: unknown,
  onPhase: (phase: TImportPhase) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onPhase({ phase: "uploading", fraction: e.total ? e.loaded / e.total : 1 });
    };
    xhr.upload.onload = () => onPhase({ phase: "processing" });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch (error) {
          reject(error);
        }
        return;
      }
      const error = new ApiError(xhr.status, xhr.statusText, xhr.responseText);
      trackError(error, `API POST ${path}`);
      reject(error);
    };
    xhr.onerror = () => reject(new Error("The connection failed before the server answered. Please try again."));
    onPhase({ phase: "uploading", fraction: 0 });
    xhr.send(JSON.stringify(body));
  });
}

/** `POST /api/admin/members/import/preview`: the rows as they would be imported, each with its problems. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (body: TMemberImportPreviewBody) => apiJson<TMemberImportPreview>("POST", PREVIEW_PATH, body),
  });
}

/** `POST /api/admin/members/import`: one request, its upload and then the server's work reported by `onPhase`. */
export function useImportMembers(onPhase: (phase: TImportPhase) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMemberImportBody) => postJsonWithProgress<TMemberImportResult>(IMPORT_PATH, body, onPhase),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]),
  });
}

export type TMapping = TMemberImportPreview["mapping"];

/** The mapping as the contract takes it (an optional column left out). */
export function toMappingBody(mapping: TMapping): TImportMapping {
  return {
    email: mapping.email,
    firstName: mapping.firstName ?? undefined,
    lastName: mapping.lastName ?? undefined,
    role: mapping.role ?? undefined,
  };
}

/**
 * A file without a header row (a pasted list of addresses) has columns the server names "Column 1",
 * ...; once columns are chosen by hand the server takes the first line as the header, so that header
 * is written in, with the file's own separator (the header line tells it, as on the server).
 */
export function withHeaderLine(csv: string, headers: string[]): string {
  const firstLine = csv.slice(0, csv.search(/\r?\n|$/));
  const separator = [",", ";", "\t"].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  return `${headers.join(separator)}\n${csv}`;
}
