import { ZPassword } from "@common/auth";
import type { UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import { authCatalog } from "../i18n";

// The form's own rule names its message by key; the fields show it in the language on screen.
const MISMATCH = "newPassword.mismatch";

/** A new password typed twice (password reset, confirming an address in another browser). */
export const ZNewPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });
export type TNewPasswordValues = z.input<typeof ZNewPasswordForm>;
export const EMPTY_NEW_PASSWORD: TNewPasswordValues = { password: "", confirmPassword: "" };

/** The two fields; ids are `{idPrefix}-password` and `{idPrefix}-confirm`. */
export function NewPasswordFields({ form, idPrefix }: { form: UseFormReturn<TNewPasswordValues>; idPrefix: string }) {
  const t = useT(authCatalog);
  const { errors } = form.formState;
  const confirmError = errors.confirmPassword?.message;
  const fields = [
    { name: "password", id: `${idPrefix}-password`, label: t("newPassword.password"), error: errors.password?.message },
    {
      name: "confirmPassword",
      id: `${idPrefix}-confirm`,
      label: t("newPassword.confirm"),
      error: confirmError === MISMATCH ? t(MISMATCH) : confirmError,
    },
  ] as const;
  return fields.map(({ name, id, label, error }) => (
    <FormField key={name} id={id} label={label} error={error}>
      <Input {...fieldAria(id, error)} type="password" autoComplete="new-password" {...form.register(name)} />
    </FormField>
  ));
}
