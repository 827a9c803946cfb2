/**
 * JSON answers kept per key and sent again while their fingerprint is
 * unchanged. The fingerprint is read from the database on every request, so
 * nothing stale is ever sent, whichever API process changed the data; only
 * the building of an unchanged answer is saved. A fingerprint must cover
 * every row the answer shows by itself (each caller keeps, beside its SQL, a
 * checklist of what that is) and be read in the same statement as the rows
 * the answer is built from (one snapshot).
 *
 * One instance per app, made where the app is made; at most MAX_ENTRIES
 * answers and MAX_BYTES bytes, the least recently used dropped first.
 */
const MAX_ENTRIES = 64;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  fingerprint: string;
  body: Buffer;
}

export interface Built {
  body: Buffer;
  /** The fingerprint of the rows the body was built from; null keeps nothing. */
  fingerprint: string | null;
}

export class FingerprintCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /**
   * The answer for `key`: the kept body when `current()` (the fingerprint as
   * the database has it now) equals the kept one, else `build()`'s, kept.
   */
  async get(
    key: string,
    current: () => Promise<string>,
    build: () => Promise<Built>,
  ): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit && (await current()) === hit.fingerprint) {
      // The most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const { body, fingerprint } = await build();
    this.drop(key);
    if (fingerprint !== null && body.length <= MAX_BYTES) {
      this.entries.set(key, { fingerprint, body });
      this.bytes += body.length;
      for (const [k, e] of this.entries) {
        if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
        this.entries.delete(k);
        this.bytes -= e.body.length;
      }
    }
    return body;
  }

  private drop(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.length;
  }
}
