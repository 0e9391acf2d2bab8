// Keeps the tag-manager / analytics snippets in step with the tracking settings. The server renders them on every full page load; this adds, replaces or removes them when
// the settings change while the app is open (e.g. an admin saves new IDs). Renders nothing.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyTracking } from '../../contract/tracking.ts';
import { trackingSettingsQuery } from '../data/content.ts';
import { afterLoad } from '../lib/idle.ts';
import { SSR_STATE_ID } from '../lib/site.ts';

export function TrackingScripts() {
  // A page the server rendered has this load's snippets in its HTML: the settings are asked for with the other
  // background work, not while the page hydrates (the read brings the schemas and the saved-answers store).
  // The bare shell (the service worker's) has none: asked for at once.
  const [asked, setAsked] = useState(false);
  useEffect(() => (document.getElementById(SSR_STATE_ID) ? afterLoad(() => setAsked(true)) : setAsked(true)), []);
  const { data, isFetchedAfterMount } = useQuery({ ...trackingSettingsQuery(), enabled: asked });
  useEffect(() => {
    // Only answers fetched now: a copy restored from the persisted cache may be older than the snippets
    // the server just rendered into this page, and must not undo them.
    if (data && isFetchedAfterMount) applyTracking(document, data);
  }, [data, isFetchedAfterMount]);
  return null;
}
