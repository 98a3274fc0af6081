/**
 * JSON from outside (a request body, `condo api --input`), parsed defensively: a nesting depth checked by a
 * linear scan before JSON.parse (whose recursion, and every recursive walk after it, would overflow the stack
 * on `[[[[…` thousands deep), and the keys that reach an object's prototype refused wherever they appear.
 */

export const MAX_JSON_DEPTH = 32;
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A key that would reach an object's prototype when assigned (`obj[key] = v`). */
export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

/** The deepest nesting of arrays and objects in `text`, or -1 once it passes `limit` (strings skipped). */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return -1;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

export type JsonParse =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'syntax' | 'depth' | 'prototype_key'; message: string; keys?: string[] };

export function parseUntrustedJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonParse {
  if (jsonDepth(text, maxDepth) < 0) {
    return { ok: false, reason: 'depth', message: `the JSON nests deeper than ${maxDepth} levels` };
  }
  const found = new Set<string>();
  let value: unknown;
  try {
    value = JSON.parse(text, function (this: unknown, key, v) {
      if (PROTOTYPE_KEYS.has(key) && this !== null && typeof this === 'object' && !Array.isArray(this)) {
        found.add(key);
      }
      return v;
    });
  } catch (e) {
    return { ok: false, reason: 'syntax', message: (e as Error).message };
  }
  if (found.size > 0) {
    const keys = [...found];
    return { ok: false, reason: 'prototype_key', message: `${keys.join(', ')} cannot be a field name`, keys };
  }
  return { ok: true, value };
}
