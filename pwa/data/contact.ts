// The contact form's data: the contact page's first question, and POST /api/contact, a visitor's message (contact page
// and the "Request New Chain or Provider" dialog).
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../contract/contact.ts';
import { apiRequest } from '../lib/api.ts';
import { sumCaptcha } from '../lib/captcha.ts';

/**
 * The contact page's first question, drawn where the page is rendered — on the server for its HTML — and carried
 * to the browser with the page's data (pwa/entry-server.tsx), so it is on the page before the scripts run and the
 * browser hydrates the same question.
 */
export const firstPageQuestion = queryOptions({
  queryKey: ['contact-form', 'first-question'],
  queryFn: () => sumCaptcha(),
  staleTime: Infinity,
});

export function useSendContact() {
  return useMutation({
    mutationKey: ['contact', 'send'],
    mutationFn: async (message: ContactMessage) => {
      await apiRequest('POST', '/api/contact', message);
    },
    // Offline, fail at once with the error toast instead of waiting silently for a connection:
    // a contact message is not queued (the form says so by failing, and the text stays in the form).
    networkMode: 'always',
  });
}
