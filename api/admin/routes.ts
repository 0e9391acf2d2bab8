// Every /api/admin router of this module (pending-review approval lives with the reviews code).
import type { AppRouter } from '../context.ts';
import { adminAdRoutes } from './ads.ts';
import { adminChainRoutes } from './chains.ts';
import { adminContactRoutes } from './contact.ts';
import { adminCsvRoutes } from './csv.ts';
import { adminEditorialRoutes } from './editorial.ts';
import { adminPageRoutes } from './pages.ts';
import { adminProviderRoutes } from './providers.ts';

export function adminRoutes(): AppRouter[] {
  return [
    adminChainRoutes(), adminProviderRoutes(), adminEditorialRoutes(), adminAdRoutes(), adminContactRoutes(),
    adminPageRoutes(), adminCsvRoutes(),
  ];
}
