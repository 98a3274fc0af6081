/**
 * CNAB 240 record layouts as tables, by dialect: layouts/record.ts (the mechanics: fields, reading, writing,
 * patching), layouts/febraban.ts, layouts/itau.ts and layouts/caixa.ts. A bank whose layout moves fields has
 * layouts of its own under the same field names, or a `variant` naming the fields it moves, for reading only.
 * Which bank writes which is decided in dialects.ts.
 */
export * from './layouts/caixa.js';
export * from './layouts/cobranca.js';
export * from './layouts/dda.js';
export * from './layouts/febraban.js';
export * from './layouts/itau.js';
export * from './layouts/record.js';
