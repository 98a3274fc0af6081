import { beforeEach, expect } from 'vitest';

// A test that asserts nothing passes whatever the code does (#50 point 3): every test must make at least one
// assertion. Helpers that check by throwing (the harness's `condo.ok`, `condo.json`, property runs) assert through
// `expect` themselves, so a test built on them counts.
beforeEach(() => {
  expect.hasAssertions();
});
