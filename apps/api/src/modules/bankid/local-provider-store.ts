import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

/**
 * The local test provider's state (interactions, sessions, codes, grants),
 * in memory and private to one provider instance. Development and tests
 * only: a restart forgets sign-ins in progress, which is fine for a stand-in
 * for the BankID broker.
 */
export function memoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number | undefined }>();
  const grants = new Map<string, Set<string>>();
  const uids = new Map<string, string>();
  const userCodes = new Map<string, string>();

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) entries.delete(key);
    }
  };

  return (name: string): Adapter => {
    const key = (id: string) => `${name}:${id}`;
    const read = (k: string | undefined) => {
      if (!k) return undefined;
      const entry = entries.get(k);
      if (!entry) return undefined;
      if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        entries.delete(k);
        return undefined;
      }
      return structuredClone(entry.payload);
    };
    return {
      async upsert(id, payload, expiresIn) {
        if (entries.size > 10_000) sweep();
        const k = key(id);
        entries.set(k, {
          payload: structuredClone(payload),
          expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined,
        });
        if (payload.grantId) {
          const set = grants.get(payload.grantId) ?? new Set<string>();
          set.add(k);
          grants.set(payload.grantId, set);
        }
        if (payload.uid) uids.set(payload.uid, k);
        if (payload.userCode) userCodes.set(payload.userCode, k);
      },
      async find(id) {
        return read(key(id));
      },
      async findByUid(uid) {
        return read(uids.get(uid));
      },
      async findByUserCode(userCode) {
        return read(userCodes.get(userCode));
      },
      async consume(id) {
        const entry = entries.get(key(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of grants.get(grantId) ?? []) entries.delete(k);
        grants.delete(grantId);
      },
    };
  };
}
