import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver for a shared zod contract that downloads the contract (and zod) when
 * the form is first focused (`preload`) or validated, not with the page: the first screen of a
 * form page stays light, and the same contract as the server's still checks every field.
 * If the download fails, the values go to the server unchecked; it answers with the same messages.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<z.ZodType<TOutput, TInput>>,
) {
  let pending: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () => {
    pending ??= load()
      .then((schema) => zodResolver(schema) as Resolver<TInput, unknown, TOutput>)
      .catch((error) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    let resolve: Resolver<TInput, unknown, TOutput>;
    try {
      resolve = await get();
    } catch {
      return { values: values as unknown as TOutput, errors: {} };
    }
    return resolve(values, context, options);
  };
  return {
    resolver,
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
