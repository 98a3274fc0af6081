/**
 * undici's Agent and fetch for webhook deliveries, loaded when the first delivery goes out. undici is CommonJS:
 * bundled, a dynamic `import('undici')` lands on a chunk that exports only `default`, and `Agent` was undefined in
 * the shipped sandbox (#50). A static import here is bundled with its named exports; this module is what
 * webhooks.ts imports lazily (scripts/build.mjs refuses a dynamic import of a package that lands on such a chunk).
 */
import { Agent, fetch } from 'undici';

export { Agent, fetch };
