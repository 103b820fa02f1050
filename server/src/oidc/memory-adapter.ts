/**
 * In-memory storage for the embedded development provider, one store per provider instance (the
 * adapter oidc-provider falls back to is module-global and warns on every start). Everything is
 * forgotten on restart, as are the demo accounts.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** ms since the epoch; Infinity when the model has no expiry. */
  expiresAt: number;
}

/** A fresh store; pass the result as oidc-provider's `adapter` option. */
export function createMemoryAdapter(): new (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  const bySessionUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  let writes = 0;
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };

  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined) {
      // Expired entries go on read; a long-running dev server also sweeps now and then.
      if (++writes % 500 === 0) sweep();
      const key = this.key(id);
      entries.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : Infinity });
      if (this.model === 'Session' && payload.uid) bySessionUid.set(payload.uid, id);
      if (payload.userCode) byUserCode.set(payload.userCode, id);
      if (payload.grantId) {
        const members = byGrant.get(payload.grantId) ?? new Set<string>();
        members.add(key);
        byGrant.set(payload.grantId, members);
      }
    }

    async find(id: string) {
      return read(this.key(id));
    }

    async findByUid(uid: string) {
      const id = bySessionUid.get(uid);
      return id === undefined ? undefined : read(this.key(id));
    }

    async findByUserCode(userCode: string) {
      const id = byUserCode.get(userCode);
      return id === undefined ? undefined : read(this.key(id));
    }

    async consume(id: string) {
      const payload = read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      const key = this.key(id);
      const payload = entries.get(key)?.payload;
      entries.delete(key);
      if (payload?.uid && bySessionUid.get(payload.uid) === id) bySessionUid.delete(payload.uid);
      if (payload?.userCode && byUserCode.get(payload.userCode) === id) byUserCode.delete(payload.userCode);
      if (payload?.grantId) byGrant.get(payload.grantId)?.delete(key);
    }

    async revokeByGrantId(grantId: string) {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    }
  };
}
