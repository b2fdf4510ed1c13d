import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * oidc-provider's storage kept in memory: the emulator's codes, sessions, grants and tokens are
 * short-lived test artefacts and may vanish with the stack (test accounts are kept on disk).
 */
export function memoryAdapterFactory() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry && entry.expiresAt < Date.now()) store.delete(key);
    return store.get(key)?.payload;
  };
  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of store) if (entry.expiresAt < now) store.delete(key);
  };
  return (model: string): Adapter => ({
    upsert: async (id, payload, expiresIn) => {
      if (store.size > 5000) sweep();
      const expiresAt = Date.now() + (expiresIn ?? 86_400) * 1000;
      store.set(`${model}:${id}`, { payload, expiresAt });
      if (payload.grantId)
        store.set(`grant:${payload.grantId}:${model}:${id}`, { payload: { id } as AdapterPayload, expiresAt });
      if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: { id } as AdapterPayload, expiresAt });
      if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { id } as AdapterPayload, expiresAt });
    },
    find: async (id) => live(`${model}:${id}`),
    findByUserCode: async (userCode) => {
      const ref = live(`userCode:${userCode}`);
      return ref ? live(`${model}:${String(ref.id)}`) : undefined;
    },
    findByUid: async (uid) => {
      const ref = live(`uid:${uid}`);
      return ref ? live(`${model}:${String(ref.id)}`) : undefined;
    },
    consume: async (id) => {
      const entry = store.get(`${model}:${id}`);
      if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
    },
    destroy: async (id) => void store.delete(`${model}:${id}`),
    revokeByGrantId: async (grantId) => {
      for (const key of [...store.keys()]) {
        if (!key.startsWith(`grant:${grantId}:`)) continue;
        store.delete(key.slice(`grant:${grantId}:`.length));
        store.delete(key);
      }
    },
  });
}
