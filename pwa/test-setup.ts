// Runs before each PWA test file (vitest.config.ts): testing-library's waits (waitFor, findBy…) give their condition
// up to 10 s rather than 1 s. They return as soon as it holds; a 2-core machine running other tests beside can take
// seconds to render a list.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
