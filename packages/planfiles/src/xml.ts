/**
 * XML reading through fast-xml-parser (pure JavaScript, no DOM), with the document checked first so a
 * broken file is refused with the line and column of the fault; and the small writing helpers the
 * formats share (escaping, indentation), so each writer controls its exact layout.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PlanFileError, stripBom, type PlanFormat } from './model.js';

/** An element as parsed: child elements by name (arrays where `arrays` says), `#text`, `@_attr`. */
export type XmlNode = { [key: string]: unknown };

/** Read an XML document; elements named in `arrays` are always arrays. */
export function parseXml(text: string, format: PlanFormat | 'unknown', arrays: readonly string[]): XmlNode {
  const body = stripBom(text);
  const check = XMLValidator.validate(body);
  if (check !== true) {
    throw new PlanFileError(format, `broken XML at column ${check.err.col}: ${check.err.msg}`, check.err.line);
  }
  const arraySet = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    removeNSPrefix: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => arraySet.has(name),
  });
  return parser.parse(body) as XmlNode;
}

/** A child element, or undefined. */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[name];
  if (Array.isArray(v)) return v[0] as XmlNode | undefined;
  if (v && typeof v === 'object') return v as XmlNode;
  if (v !== undefined) return { '#text': v };
  return undefined;
}

/** Child elements of a name (always an array). */
export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const v = (node as XmlNode)[name];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.map((item) => (item && typeof item === 'object' ? (item as XmlNode) : { '#text': item }));
}

/** The text of a child element (trimmed), or undefined when absent or empty. */
export function text(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  let v = (node as XmlNode)[name];
  if (Array.isArray(v)) v = v[0];
  if (v && typeof v === 'object') v = (v as XmlNode)['#text'];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

/** An attribute of an element. */
export function attr(node: unknown, name: string): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const v = (node as XmlNode)[`@_${name}`];
  return v === undefined ? undefined : String(v);
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A number from a file, or a PlanFileError naming what it was. */
export function num(value: string | undefined, format: PlanFormat, what: string): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new PlanFileError(format, `${what} "${value ?? ''}" is not a number`);
  return n;
}

/** Refuse a position outside the globe. */
export function checkLatLon(lat: number, lon: number, format: PlanFormat, what: string): void {
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new PlanFileError(format, `${what}: position ${lat} ${lon} is outside -90..90, -180..180`);
}
