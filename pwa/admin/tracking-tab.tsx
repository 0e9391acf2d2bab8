// Tracking tab: Google Analytics measurement ID and Google Tag Manager container ID, with a preview of the
// exact snippet each one injects into every page (built by contract/tracking.ts, as the server builds it).
import { useQuery } from '@tanstack/react-query';
import { trackingSettingsInputSchema } from '../../contract/admin.ts';
import type { TrackingSettings } from '../../contract/content.ts';
import { renderTrackingBody, renderTrackingHead, trackingIds } from '../../contract/tracking.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { useAuth } from '../data/auth.ts';
import { useSaveTrackingSettings } from '../data/admin/content.ts';
import { trackingSettingsQuery } from '../data/content.ts';
import { TextField } from './fields.tsx';
import { Bind, formValues, useAdminForm } from './form.tsx';
import { SettingsForm, SettingsSection } from './parts.tsx';

function SnippetPreview({ label, code }: { label: string; code: string }) {
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium text-slate-800">{label}</span>
      {code ? (
        <pre className="max-h-48 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap break-all text-slate-100">
          {code}
        </pre>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-500">
          Nothing is injected until a valid ID is set.
        </p>
      )}
    </div>
  );
}

export function TrackingTab() {
  const { user } = useAuth();
  const isAdmin = user?.isAdmin === true;
  const query = useQuery({ ...trackingSettingsQuery(), enabled: isAdmin });
  if (!isAdmin) return <p className="text-slate-700">Admin access required</p>;
  return (
    <SettingsSection
      title="Tracking"
      description="Analytics and tag manager scripts added to every public page."
      query={query}
    >
      {(data) => <TrackingForm initial={data} />}
    </SettingsSection>
  );
}

function TrackingForm({ initial }: { initial: TrackingSettings }) {
  const form = useAdminForm('tracking', {
    schema: trackingSettingsInputSchema,
    values: formValues(trackingSettingsInputSchema, initial),
  });
  const [googleAnalyticsId, googleTagManagerId] = form.watch(['googleAnalyticsId', 'googleTagManagerId']);
  const save = useSaveTrackingSettings();
  // What the server would inject for these IDs (trimmed and upper-cased as the server stores them).
  const ids = trackingIds({
    googleAnalyticsId: googleAnalyticsId.trim().toUpperCase(),
    googleTagManagerId: googleTagManagerId.trim().toUpperCase(),
  });
  const gtmCode = ids.gtm ? `${renderTrackingHead({ gtm: ids.gtm })}\n${renderTrackingBody({ gtm: ids.gtm })}` : '';
  const gaCode = ids.ga ? renderTrackingHead({ ga: ids.ga }) : '';

  // The IDs as the schema leaves them: trimmed, upper-cased, blank ones left out (so their scripts are removed).
  const submit = form.handleSubmit(({ googleAnalyticsId: ga, googleTagManagerId: gtm }) =>
    save.mutate({ ...(ga ? { googleAnalyticsId: ga } : {}), ...(gtm ? { googleTagManagerId: gtm } : {}) }),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <SettingsForm
        saveLabel={save.isPending ? 'Saving...' : 'Save Settings'}
        pending={save.isPending}
        onSubmit={submit}
      >
        <Bind form={form} name="googleAnalyticsId">
          {(f) => (
            <TextField
              {...f}
              label="Google Analytics measurement ID"
              placeholder="G-XXXXXXXXXX"
              hint="Format: G-XXXXXXXXXX. Leave empty to remove Analytics."
            />
          )}
        </Bind>
        <SnippetPreview label="Analytics snippet (end of <head>)" code={gaCode} />
        <Bind form={form} name="googleTagManagerId">
          {(f) => (
            <TextField
              {...f}
              label="Google Tag Manager container ID"
              placeholder="GTM-XXXXXXX"
              hint="Format: GTM-XXXXXXX. Leave empty to remove Tag Manager."
            />
          )}
        </Bind>
        <SnippetPreview label="Tag Manager snippet (<head> and start of <body>)" code={gtmCode} />
      </SettingsForm>
      <Card className="self-start">
        <CardHeader>
          <CardTitle as="h3">Setup instructions</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
            <li>In Google Analytics, open Admin → Data streams → your web stream and copy the measurement ID (G-…).</li>
            <li>In Google Tag Manager, copy the container ID (GTM-…) shown next to the container name.</li>
            <li>
              Paste one or both IDs here and press Save Settings. Use Tag Manager alone if it already loads Analytics,
              so visits are not counted twice.
            </li>
            <li>The scripts are added to every public page at once; clear an ID and save to remove its script.</li>
            <li>Check with Tag Assistant or the Analytics real-time report that visits arrive.</li>
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
