// Imported first by main.tsx. The app runs under a Content-Security-Policy without 'unsafe-eval'
// (api/middleware/security-headers.ts); zod's JIT would probe `new Function` on its first parse, and even
// though zod catches the refusal, the browser reports a CSP violation. Without the JIT zod parses the same.
// From zod's small build: the same settings as the full zod's (one core), without bringing it into the first load.
import { config } from 'zod/mini';

config({ jitless: true });
