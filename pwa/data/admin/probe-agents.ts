// Admin side of probe agents (the Chains tab's Health checks): the list with each agent's last call, create one for a
// region (its token is in the answer, the only time it is shown) and revoke one.
import { queryOptions } from '@tanstack/react-query';
import { probeAgentCreatedSchema, probeAgentListSchema } from '../../../contract/probe-agents.ts';
import { getJson } from '../../lib/api.ts';
import { adminRoot, sendJson, useAdminMutation } from './mutation.ts';

const probeAgentsKey = [...adminRoot, 'probe-agents'] as const;

/** Read again now and then: "last seen" moves while agents run. */
const REFRESH_MS = 15_000;

export const probeAgentsQuery = () =>
  queryOptions({
    queryKey: probeAgentsKey,
    queryFn: () => getJson('/api/admin/probe-agents', probeAgentListSchema),
    refetchInterval: REFRESH_MS,
  });

export function useCreateProbeAgent() {
  return useAdminMutation({
    mutationKey: ['admin', 'probe-agents', 'create'],
    mutationFn: async (input: { region: string }) =>
      probeAgentCreatedSchema.parse(await sendJson('POST', '/api/admin/probe-agents', input)),
    invalidates: () => [probeAgentsKey],
    success: (_vars, result) => `Probe agent for ${result.region} created`,
    failure: { useServerMessage: true },
  });
}

export function useRevokeProbeAgent() {
  return useAdminMutation({
    mutationKey: ['admin', 'probe-agents', 'revoke'],
    mutationFn: (id: number) => sendJson('DELETE', `/api/admin/probe-agents/${id}`),
    invalidates: () => [probeAgentsKey],
    success: () => 'Probe agent revoked',
  });
}
