/**
 * Text helpers shared by the encoder, the reader and the naive oracle, so that all three agree on
 * what a key is, how keys order and where a word starts.
 */

interface TextDecoderLike {
  decode(bytes: Uint8Array): string;
}
interface TextEncoderLike {
  encode(text: string): Uint8Array;
}
interface TextCodecGlobals {
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => TextDecoderLike;
  TextEncoder: new () => TextEncoderLike;
}

// The package compiles without DOM or Node typings; every runtime we target (browsers, workers,
// Node >= 11) has the WHATWG codecs on the global object.
const codecs = globalThis as unknown as TextCodecGlobals;

/** UTF-8 bytes of a string. */
export function utf8Encode(text: string): Uint8Array {
  return new codecs.TextEncoder().encode(text);
}

/** A string from UTF-8 bytes; invalid sequences become U+FFFD. */
export function utf8Decode(bytes: Uint8Array): string {
  return new codecs.TextDecoder('utf-8').decode(bytes);
}

/** A search or lookup key: trimmed and upper-cased. Every index key and every query goes through this. */
export function normalizeKey(text: string): string {
  return text.trim().toUpperCase();
}

/** Letters and digits make words; anything else (space, punctuation) separates them. */
export function isWordChar(code: number): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

/** Offsets (UTF-16 code units) where a word starts in `text`: a word character after a non-word one. */
export function wordStarts(text: string): number[] {
  const starts: number[] = [];
  let previousIsWord = false;
  for (let i = 0; i < text.length; i++) {
    const isWord = isWordChar(text.charCodeAt(i));
    if (isWord && !previousIsWord) starts.push(i);
    previousIsWord = isWord;
  }
  return starts;
}

/** Orders keys by UTF-16 code units, the order every sorted index in the artifact uses. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
