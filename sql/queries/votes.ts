// Up/down votes on providers and chains: one per user and target (changeable, removable), with the
// totals kept on the target row. Call castVote inside a transaction: it locks the target row first,
// so concurrent votes on one target are applied one after another and the totals never drift.
import type { Queryable } from '../db-types.ts';

export type VoteValue = -1 | 0 | 1;
export type VoteTarget = 'provider' | 'chain';

// Table and column names per target (identifiers, passed through sql(...), never concatenated).
const TARGETS = {
  provider: { table: 'providers', votes: 'provider_votes', key: 'provider_id', up: 'upvotes', down: 'downvotes' },
  chain: { table: 'chains', votes: 'chain_votes', key: 'chain_id', up: 'total_upvotes', down: 'total_downvotes' },
} as const;

export type VoteTotals = { upvotes: number; downvotes: number };

export async function findTargetIdBySlug(sql: Queryable, target: VoteTarget, slug: string) {
  const [row] = await sql<{ id: number }[]>`SELECT id FROM ${sql(TARGETS[target].table)} WHERE slug = ${slug}`;
  return row?.id;
}

/** Sets the user's vote (0 removes it) and answers the target's new totals. */
export async function castVote(tx: Queryable, target: VoteTarget, userId: number, targetId: number, value: VoteValue) {
  const t = TARGETS[target];
  await tx`SELECT 1 FROM ${tx(t.table)} WHERE id = ${targetId} FOR UPDATE`;
  const [old] = await tx<{ value: number }[]>`
    SELECT value FROM ${tx(t.votes)} WHERE user_id = ${userId} AND ${tx(t.key)} = ${targetId}`;
  const previous = old?.value ?? 0;
  if (value === 0) {
    await tx`DELETE FROM ${tx(t.votes)} WHERE user_id = ${userId} AND ${tx(t.key)} = ${targetId}`;
  } else {
    await tx`
      INSERT INTO ${tx(t.votes)} (user_id, ${tx(t.key)}, value) VALUES (${userId}, ${targetId}, ${value})
      ON CONFLICT (user_id, ${tx(t.key)}) DO UPDATE SET value = EXCLUDED.value, created_at = now()`;
  }
  const upDelta = Number(value === 1) - Number(previous === 1);
  const downDelta = Number(value === -1) - Number(previous === -1);
  const [totals] = await tx<VoteTotals[]>`
    UPDATE ${tx(t.table)} SET ${tx(t.up)} = ${tx(t.up)} + ${upDelta}, ${tx(t.down)} = ${tx(t.down)} + ${downDelta}
    WHERE id = ${targetId}
    RETURNING ${tx(t.up)} AS upvotes, ${tx(t.down)} AS downvotes`;
  return totals;
}

/** The user's votes: slug → value, per target kind. */
export async function listUserVotes(sql: Queryable, userId: number) {
  const [providers, chains] = await Promise.all([
    sql<{ slug: string; value: number }[]>`
      SELECT p.slug, v.value FROM provider_votes v JOIN providers p ON p.id = v.provider_id WHERE v.user_id = ${userId}`,
    sql<{ slug: string; value: number }[]>`
      SELECT c.slug, v.value FROM chain_votes v JOIN chains c ON c.id = v.chain_id WHERE v.user_id = ${userId}`,
  ]);
  return { providers, chains };
}
