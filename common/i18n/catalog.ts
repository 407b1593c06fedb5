/**
 * A catalogue: one namespace's messages in one language (common/locales/<language>/<namespace>.json),
 * flat keys to ICU messages ("{count, plural, one {# point} other {# points}}").
 */
export type TCatalogMessages = Record<string, string>;

/** A message's id across namespaces: `sermons:title`. */
export const messageId = (namespace: string, key: string) => `${namespace}:${key}`;

/** The arguments a message's values must carry: a key's English and its translations take the same. */
export type TValues = Record<string, string | number | Date | null | undefined>;
