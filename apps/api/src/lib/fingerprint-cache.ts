/**
 * Answers kept per key and used again while their fingerprint is unchanged.
 * The fingerprint is read from the database on every request, so nothing
 * stale is ever used, whichever API process changed the data; only the
 * building of an unchanged answer is saved. A fingerprint must cover, by
 * itself, every row the answer shows (each caller keeps, beside its SQL, a
 * checklist of what that is) and be read in the same statement as the rows
 * the answer is built from (one snapshot).
 *
 * One instance per kind of answer and app, made where the app's router is
 * made; at most MAX_ENTRIES answers and MAX_BYTES bytes (as `bytesOf`
 * counts them), the least recently used dropped first.
 */
const MAX_ENTRIES = 64;
const MAX_BYTES = 64 * 1024 * 1024;

export interface Built<T> {
  value: T;
  /** The fingerprint of the rows the value was built from; null keeps nothing. */
  fingerprint: string | null;
}

export class FingerprintCache<T> {
  private readonly entries = new Map<string, { fingerprint: string; value: T; bytes: number }>();
  private bytes = 0;

  constructor(private readonly bytesOf: (value: T) => number) {}

  /**
   * The value for `key`: the kept one when `current()` (the fingerprint as
   * the database has it now) equals the kept fingerprint, else `build()`'s, kept.
   */
  async get(
    key: string,
    current: () => Promise<string>,
    build: () => Promise<Built<T>>,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && (await current()) === hit.fingerprint) {
      // The most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const { value, fingerprint } = await build();
    this.drop(key);
    const bytes = this.bytesOf(value);
    if (fingerprint !== null && bytes <= MAX_BYTES) {
      this.entries.set(key, { fingerprint, value, bytes });
      this.bytes += bytes;
      for (const [k, e] of this.entries) {
        if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
        this.entries.delete(k);
        this.bytes -= e.bytes;
      }
    }
    return value;
  }

  private drop(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.bytes;
  }
}
