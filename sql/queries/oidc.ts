// The local identity provider's stored state (oidc-provider's adapter, api/oidc/adapter.ts): one row per
// model and id, with an expiry. Rows past their expiry are never returned, and deleteExpiredOidcPayloads
// removes them.
import type postgres from 'postgres';
import type { Queryable } from '../db-types.ts';

export type OidcPayload = Record<string, unknown>;

/** What the adapter looks rows up by, besides model and id. */
export type OidcPayloadKeys = { uid?: string; userCode?: string; grantId?: string };

/** `expiresIn`: seconds from now; undefined keeps the row until it is destroyed. */
export async function upsertOidcPayload(
  sql: Queryable,
  model: string,
  id: string,
  payload: OidcPayload,
  keys: OidcPayloadKeys,
  expiresIn: number | undefined,
) {
  await sql`
    INSERT INTO oidc_payloads (model, id, payload, uid, user_code, grant_id, consumed_at, expires_at)
    VALUES (${model}, ${id}, ${sql.json(payload as postgres.JSONValue)}, ${keys.uid ?? null}, ${keys.userCode ?? null},
            ${keys.grantId ?? null}, NULL, now() + ${expiresIn ?? null}::int * interval '1 second')
    ON CONFLICT (model, id) DO UPDATE SET
      payload = EXCLUDED.payload, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, grant_id = EXCLUDED.grant_id,
      consumed_at = NULL, expires_at = EXCLUDED.expires_at`;
}

type PayloadRow = { payload: string; consumed: number | null };

// The payload is read as text: the client's camelCase transform would otherwise rename keys inside the
// JSON (the provider's own snake_case claims and parameters). `consumed` is in epoch seconds, as the
// provider expects it in the payload.
const selectLive = (sql: Queryable) => sql`
  SELECT payload::text AS payload, extract(epoch FROM consumed_at)::bigint AS consumed
  FROM oidc_payloads WHERE (expires_at IS NULL OR expires_at > now())`;

function toPayload(row: PayloadRow | undefined): OidcPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as OidcPayload;
  return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
}

export async function findOidcPayload(sql: Queryable, model: string, id: string) {
  const [row] = await sql<PayloadRow[]>`${selectLive(sql)} AND model = ${model} AND id = ${id}`;
  return toPayload(row);
}

export async function findOidcPayloadByUid(sql: Queryable, model: string, uid: string) {
  const [row] = await sql<PayloadRow[]>`${selectLive(sql)} AND model = ${model} AND uid = ${uid}`;
  return toPayload(row);
}

export async function findOidcPayloadByUserCode(sql: Queryable, model: string, userCode: string) {
  const [row] = await sql<PayloadRow[]>`${selectLive(sql)} AND model = ${model} AND user_code = ${userCode}`;
  return toPayload(row);
}

export async function consumeOidcPayload(sql: Queryable, model: string, id: string) {
  await sql`UPDATE oidc_payloads SET consumed_at = now() WHERE model = ${model} AND id = ${id}`;
}

export async function destroyOidcPayload(sql: Queryable, model: string, id: string) {
  await sql`DELETE FROM oidc_payloads WHERE model = ${model} AND id = ${id}`;
}

export async function revokeOidcPayloadsByGrant(sql: Queryable, model: string, grantId: string) {
  await sql`DELETE FROM oidc_payloads WHERE model = ${model} AND grant_id = ${grantId}`;
}

export async function deleteExpiredOidcPayloads(sql: Queryable) {
  await sql`DELETE FROM oidc_payloads WHERE expires_at <= now()`;
}
