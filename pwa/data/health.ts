// Health API: the prober's state and an endpoint's hourly history (keys double as the request path).
import { queryOptions } from '@tanstack/react-query';
import { getParsed } from './parsed.ts';

export const proberQuery = () =>
  queryOptions({
    queryKey: ['/api/health/prober'],
    queryFn: () => getParsed('/api/health/prober', (s) => s.proberStateSchema),
  });

/** The last 7 days of hourly buckets, loaded when a visitor opens an endpoint's uptime bar. */
export const weekHistoryQuery = (endpointId: number) =>
  queryOptions({
    queryKey: [`/api/endpoints/${endpointId}/history`, '7d'],
    queryFn: () => getParsed(`/api/endpoints/${endpointId}/history?window=7d`, (s) => s.endpointHistorySchema),
  });
