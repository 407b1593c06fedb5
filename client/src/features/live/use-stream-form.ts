import { useRef, useState } from "react";
import type { TStreamFieldValues } from "./components/stream-fields";
import { findStreamUrlError, toastTitleRequired } from "./stream-admin";

/**
 * The title, description and URL of the start form and Stream Settings, and their check before
 * sending: "Title Required", then the contract's own words for a stream URL no player plays.
 */
export function useStreamForm(initial: TStreamFieldValues) {
  const [values, setValues] = useState(initial);
  const [urlError, setUrlError] = useState<string | undefined>();
  const [isChecking, setChecking] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const onChange = (change: Partial<TStreamFieldValues>) => {
    setValues((v) => ({ ...v, ...change }));
    if (change.streamUrl !== undefined) setUrlError(undefined);
  };

  /** The fields trimmed (empty ones null), or null once it has said what is wrong. */
  const check = async () => {
    const title = values.title.trim();
    if (!title) {
      toastTitleRequired();
      titleRef.current?.focus();
      return null;
    }
    setChecking(true);
    const error = await findStreamUrlError(values.streamUrl);
    setChecking(false);
    setUrlError(error ?? undefined);
    if (error) {
      urlRef.current?.focus();
      return null;
    }
    return { title, description: values.description.trim() || null, streamUrl: values.streamUrl.trim() || null };
  };

  return { fields: { values, onChange, urlError, titleRef, urlRef }, isChecking, check };
}
