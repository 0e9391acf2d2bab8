// Keeps the tag-manager / analytics snippets in step with the tracking settings (spec 001 "Tracking
// injection"). The server renders them on every full page load; this adds, replaces or removes them when
// the settings change while the app is open (e.g. an admin saves new IDs). Renders nothing.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyTracking } from '../../api/seo/tracking.ts';
import { trackingSettingsQuery } from '../data/content.ts';

export function TrackingScripts() {
  const { data, isFetchedAfterMount } = useQuery(trackingSettingsQuery());
  useEffect(() => {
    // Only answers fetched now: a copy restored from the persisted cache may be older than the snippets
    // the server just rendered into this page, and must not undo them.
    if (data && isFetchedAfterMount) applyTracking(document, data);
  }, [data, isFetchedAfterMount]);
  return null;
}
