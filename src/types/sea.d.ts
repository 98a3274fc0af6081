// What the single executable's start-up (packaging/sea-main.cjs) gives the bundle (#56): the files that sit beside
// dist/'s chunks elsewhere (migrations, fonts, help pages, the keyring's native part) as assets, and the user's cache
// folder, where the executable keeps what it may write (V8's code cache, the native part). Undefined outside one.
declare var condoSea:
  | {
      /** An asset's bytes, or undefined when the executable carries none by that name. */
      asset(name: string): Uint8Array | undefined;
      /** The names of the assets under a folder ("migrations/"), sorted. */
      names(prefix: string): string[];
      /** Where it may write its cache, or undefined when it can write none (then it runs from memory). */
      cacheDir: string | undefined;
      /** Why there is none: the folder and the error. */
      cacheProblem: string | undefined;
    }
  | undefined;
