import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// `waitFor` and `findBy…` wait up to 5 s (the library's default is 1 s): on the 2-core CI machine the screens render
// beside the server tests, and a mocked answer's re-render can take over a second there. A passing test waits no
// longer for it; only a failing one takes the 5 s to say so.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
