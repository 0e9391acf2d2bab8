// POST /api/contact: a visitor's message (contact page and the "Request New Chain or Provider" dialog).
import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '../../contract/contact.ts';
import { apiRequest } from '../lib/api.ts';

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
