// Plain anchors for the long lists (provider cards, sidebars, header menus). A TanStack <Link> runs a dozen
// hooks per link and the home page has ~300 links: most of the cost of hydrating it. An AppLink is an <a>
// whose clicks one listener in the root layout (useAppLinkNavigation) turns into client-side navigations;
// before the app has hydrated they are ordinary page loads, which the server renders.
import { useRouter } from '@tanstack/react-router';
import { useEffect, type ComponentProps } from 'react';

export function AppLink(props: ComponentProps<'a'> & { href: string }) {
  return <a data-app-link="" {...props} />;
}

/** Same-tab, unmodified primary clicks on AppLinks navigate inside the app. */
export function useAppLinkNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[data-app-link]');
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void router.navigate({ href: url.pathname + url.search + url.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
}
