// Imported first by main.tsx. The app runs under a Content-Security-Policy without 'unsafe-eval'
// (api/middleware/security-headers.ts); zod's JIT would probe `new Function` on its first parse, and even
// though zod catches the refusal, the browser reports a CSP violation. Without the JIT zod parses the same.
import { config } from 'zod';

config({ jitless: true });
