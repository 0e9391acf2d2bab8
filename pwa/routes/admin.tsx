// /admin: the guard in front of the admin panel. Loading → skeleton; signed out → 'Unauthorized'
// toast and sign-in after 500 ms; signed in without admin rights → 'Access Denied'; offline → a notice (the
// panel works online only). The panel and its editor live in pwa/admin/, in this route's lazy chunk only.
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ShieldAlert, WifiOff } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { metaForAdmin } from '../meta/pages.ts';
import { redirectToSignIn } from '../admin/feedback.ts';
import { AdminFrame, AdminPanel, AdminPanelSkeleton } from '../admin/panel.tsx';
import { ADMIN_TABS, type AdminTab } from '../admin/tabs.ts';
import { Page } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { currentUserQuery } from '../data/auth.ts';
import { isUnauthorizedError } from '../lib/api.ts';
import { toast } from '../lib/toast.ts';
import { useOnline } from '../offline/online.ts';
import { optionalOneOf } from '../lib/search-params.ts';
import { routeHead } from '../lib/page-head.ts';

export const Route = createFileRoute('/admin')({
  validateSearch: (s: Record<string, unknown>): { tab?: AdminTab } => ({ tab: optionalOneOf(ADMIN_TABS)(s.tab) }),
  // No loader: the guard's own states (skeleton, toast, Access Denied) show while the user is looked up.
  head: ({ match }) => routeHead(match, metaForAdmin),
  component: AdminPage,
});

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Page>
      <Card className="mx-auto mt-6 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
        {icon}
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </Card>
    </Page>
  );
}

function AdminPage() {
  const online = useOnline();
  const auth = useQuery(currentUserQuery());
  const { tab = 'chains' } = Route.useSearch();
  const navigate = useNavigate({ from: '/admin' });
  // A copy of the user restored from the previous visit is checked again on mount: only a fresh answer may
  // send someone to sign-in or deny them (a stale "signed out" right after signing in would loop).
  const checked = !auth.isFetching;
  const isAdmin = auth.data?.authenticated === true && auth.data.isAdmin;
  const signedOut = checked && (auth.data?.authenticated === false || isUnauthorizedError(auth.error));

  useEffect(() => {
    if (!signedOut) return;
    toast({
      title: 'Unauthorized',
      description: 'You need to be logged in to access this page. Redirecting...',
      variant: 'destructive',
    });
    return redirectToSignIn();
  }, [signedOut]);

  if (!online) {
    return (
      <Notice
        icon={<WifiOff className="size-8 text-slate-400" aria-hidden="true" />}
        title="The admin panel needs a connection"
      >
        <p className="text-slate-600">Reconnect to manage content. The rest of the directory keeps working offline.</p>
      </Notice>
    );
  }
  if (auth.isPending || signedOut || (!checked && !isAdmin))
    return (
      <AdminFrame>
        <AdminPanelSkeleton />
      </AdminFrame>
    );
  if (!auth.data?.authenticated) {
    return (
      <Notice
        icon={<WifiOff className="size-8 text-slate-400" aria-hidden="true" />}
        title="Could not check your sign-in"
      >
        <Button onClick={() => void auth.refetch()}>Try again</Button>
      </Notice>
    );
  }
  if (!auth.data.isAdmin) {
    return (
      <Notice icon={<ShieldAlert className="size-8 text-red-500" aria-hidden="true" />} title="Access Denied">
        <p className="text-slate-600">You need admin privileges to access this page.</p>
        <Button asChild variant="outline">
          <Link to="/">Go to the directory</Link>
        </Button>
      </Notice>
    );
  }
  return (
    <AdminPanel
      isAdmin={isAdmin}
      tab={tab}
      onTabChange={(next: AdminTab) =>
        navigate({ search: { tab: next === 'chains' ? undefined : next }, replace: true })
      }
    />
  );
}
