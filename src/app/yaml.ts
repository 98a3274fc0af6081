/**
 * The parts of `yaml` a rules file needs, loaded when one is read. yaml ships CommonJS for Node: imported statically
 * here and this module lazily, so the bundle keeps its named exports (scripts/build.mjs refuses a dynamic import of a
 * package that lands on a chunk exporting only `default`).
 */
export { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
