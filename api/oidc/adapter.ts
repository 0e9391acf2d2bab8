// oidc-provider's storage (its documented adapter interface) in PostgreSQL, so that every instance sees
// the same interactions, sessions, grants, codes and tokens: a sign-in may start on one instance and
// finish on another. Expired rows are never found; they are deleted each time a sign-in starts.
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../db/index.ts';
import {
  consumeOidcPayload,
  deleteExpiredOidcPayloads,
  destroyOidcPayload,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  revokeOidcPayloadsByGrant,
  upsertOidcPayload,
} from '../../sql/queries/oidc.ts';

/** The model whose creation marks a new sign-in: the moment expired rows are pruned. */
const PRUNED_ON_MODEL = 'Interaction';

export function postgresAdapter(sql: Queryable): AdapterFactory {
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      if (model === PRUNED_ON_MODEL) await deleteExpiredOidcPayloads(sql);
      const { uid, userCode, grantId } = payload;
      await upsertOidcPayload(sql, model, id, payload, { uid, userCode, grantId }, expiresIn);
    },
    find: async (id) => (await findOidcPayload(sql, model, id)) as AdapterPayload | undefined,
    findByUid: async (uid) => (await findOidcPayloadByUid(sql, model, uid)) as AdapterPayload | undefined,
    findByUserCode: async (userCode) =>
      (await findOidcPayloadByUserCode(sql, model, userCode)) as AdapterPayload | undefined,
    consume: (id) => consumeOidcPayload(sql, model, id),
    destroy: (id) => destroyOidcPayload(sql, model, id),
    revokeByGrantId: (grantId) => revokeOidcPayloadsByGrant(sql, model, grantId),
  });
}
