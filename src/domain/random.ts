/**
 * mulberry32: a small, fast, well-spread 32-bit generator. Not for secrets; for choices that must come out the
 * same for the same seed (the simulated bank's rejections, the sandbox's seed ids and txids).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
