/**
 * XML as the NFS-e reader needs it (#55): bytes decoded by their declaration (UTF-8, else Latin-1), the lenient
 * repairs real issuers need (a raw `&` in a name), a well-formedness check that names line and column
 * (fast-xml-parser's validator), and a tree of plain objects whose names carry no namespace prefix, so the
 * namespace repeated on every element or declared once reads the same.
 */

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Message } from '../../domain/message.js';
import { SniffingDecoder } from '../statement/decode.js';
import { nfseReadFinding } from './findings.js';

/** An element: its children by local name (one or many), its attributes as `@name`, its text as `#text`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

export type XmlRead =
  | { ok: true; root: string; tree: XmlNode; warnings: Message[] }
  | { ok: false; line: number; column: number; finding: Message };

/**
 * The text of the bytes, sniffed as the statement readers do (statement/decode.ts): UTF-8 where it is valid,
 * windows-1252 byte by byte where it is not (a file declared ISO-8859-1, or one that says UTF-8 and is not), a
 * BOM dropped, UTF-16 by its BOM.
 */
export function decodeXml(bytes: Uint8Array): string {
  return new SniffingDecoder().decode(bytes, true);
}

const RAW_AMPERSAND = /&(?!(?:[A-Za-z][\w.-]*|#\d+|#x[\dA-Fa-f]+);)/g;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // every value stays text: a CNPJ's leading zeros, an amount's exact digits
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/** Reads XML text into a tree, or says where it is not well formed. */
export function readXml(text: string): XmlRead {
  const warnings: Message[] = [];
  let source = text;
  const raw = source.match(RAW_AMPERSAND)?.length ?? 0;
  if (raw > 0) {
    source = source.replace(RAW_AMPERSAND, '&amp;');
    warnings.push(nfseReadFinding('nfse.raw-ampersand', { count: raw }));
  }
  if (source.trim() === '')
    return { ok: false, line: 1, column: 1, finding: nfseReadFinding('nfse.empty', {}) };
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    return {
      ok: false,
      line: valid.err.line,
      column: valid.err.col,
      finding: nfseReadFinding('nfse.xml', { reason: valid.err.msg, code: valid.err.code }),
    };
  const tree = parser.parse(source) as XmlNode;
  const root = Object.keys(tree).find((k) => !k.startsWith('?') && !k.startsWith('#')) ?? '';
  return { ok: true, root, tree, warnings };
}

/** The elements named `name` directly under `node`. */
export function childrenOf(node: XmlValue | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  const all = Array.isArray(value) ? value : [value];
  return all.map((v) => (typeof v === 'string' ? { '#text': v } : (v as XmlNode)));
}

/** The first element under `node` along a path of names: `at(infDPS, 'prest', 'regTrib', 'opSimpNac')`. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined = node;
  for (const name of path) current = childrenOf(current, name)[0];
  return current;
}

/** An element's own text, or null when it is absent or empty. */
export function textOf(node: XmlNode | undefined): string | null {
  if (node === undefined) return null;
  const text = node['#text'];
  const value = typeof text === 'string' ? text.trim() : '';
  return value === '' ? null : value;
}

/** The text along a path, or null. */
export const textAt = (node: XmlNode | undefined, ...path: string[]): string | null =>
  textOf(at(node, ...path));

/** Every element named `name` anywhere under `node` (not inside one already found), in document order. */
export function findAll(node: XmlValue | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  if (node === undefined || typeof node === 'string') return out;
  if (Array.isArray(node)) {
    for (const v of node) findAll(v, name, out);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@') || key === '#text') continue;
    if (key === name) out.push(...childrenOf(node, name));
    else findAll(value, name, out);
  }
  return out;
}

/** The first element named `name` anywhere under `node`. */
export const findFirst = (node: XmlValue | undefined, name: string): XmlNode | undefined =>
  findAll(node, name)[0];
