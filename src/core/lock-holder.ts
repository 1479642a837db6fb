/** Who holds a lock, as its lock file says: `<pid> <host> <time>`; null where it does not say. */
export interface LockHolder {
  file: string;
  pid: number | null;
  host: string | null;
  since: string | null;
}
