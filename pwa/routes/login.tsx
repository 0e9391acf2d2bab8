// /login: sign in or sign up with Google, a full-page navigation to the server's auth route,
// which brings the browser back to `returnTo` (same-origin paths only; the server checks).
import { createFileRoute, Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import { metaForLogin } from '../meta/pages.ts';
import { GoogleIcon } from '../components/google-icon.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { useAuth, userLabel } from '../data/auth.ts';
import { paths, PRODUCT_NAME } from '../lib/site.ts';
import { optionalLocalPath } from '../lib/search-params.ts';
import { routeHead } from '../lib/page-head.ts';

export const Route = createFileRoute('/login')({
  validateSearch: (s: Record<string, unknown>): { returnTo?: string } => ({ returnTo: optionalLocalPath(s.returnTo) }),
  head: ({ match }) => routeHead(match, metaForLogin),
  component: LoginPage,
});

function LoginPage() {
  const { returnTo } = Route.useSearch();
  const { user } = useAuth();

  return (
    <div className="mx-auto flex w-full max-w-7xl justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="text-center">
          <img src="/favicon.svg" alt="" width={48} height={48} className="mx-auto size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Welcome to {PRODUCT_NAME}</h1>
          <p className="mt-2 text-slate-600">Sign in to your account to access reviews, ratings, and more features</p>
        </div>

        {user && (
          <p
            className="mt-6 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800"
            role="status"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              You are signed in as {userLabel(user)}.{' '}
              <Link to="/" className="font-medium underline">
                Go to the Hotlist
              </Link>
            </span>
          </p>
        )}

        {/* A plain link: the server's OAuth redirect chain must leave the SPA. */}
        <a href={paths.googleLogin(returnTo)} className={buttonClasses('outline', 'lg', 'mt-6 w-full gap-3')}>
          <GoogleIcon />
          Continue with Google
        </a>

        <ul className="mt-6 list-disc space-y-1.5 pl-5 text-sm text-slate-600 marker:text-slate-400">
          <li>Rate and review the RPC providers you use</li>
          <li>Vote on providers and networks</li>
          <li>One click — no password to remember</li>
        </ul>

        <p className="mt-6 border-t border-slate-100 pt-4 text-center text-xs text-slate-600">
          By signing in, you agree to our{' '}
          <Link to="/terms" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="font-medium text-accent-700 underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}
