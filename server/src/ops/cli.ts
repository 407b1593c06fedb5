import { StartupError } from "../db/ensure-database";
import { BackupFileError } from "./backup-format";
import { RestoreRefusedError } from "./restore";

/** One clear sentence for a problem the operator can fix; the stack only for what looks like a bug. */
export function describeFailure(err: unknown, what: string): string {
  if (err instanceof BackupFileError || err instanceof RestoreRefusedError || err instanceof StartupError)
    return err.message;
  if (err instanceof Error) return `${what}: ${err.message}`;
  return `${what}: ${String(err)}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}
