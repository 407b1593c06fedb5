import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** What a link starts with: a scheme, the same in every language, not words to translate. */
const URL_SCHEME = "https://";

/** An optional link in a form: a URL input with its label, hint and validation message. */
export function UrlField({
  id,
  label,
  hint,
  error,
  className,
  registration,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Input {...fieldAria(id, error, !!hint)} type="url" placeholder={URL_SCHEME} {...registration} />
    </FormField>
  );
}
