// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Sha256, streamingSha256 } from './sha256';

function noise(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

describe('incremental SHA-256', () => {
  it('matches the FIPS 180-4 example and the empty string', () => {
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(new Sha256().hex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it("matches WebCrypto's one-shot digest for every length around the block edges and any chunking", async () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 70_001]) {
      const bytes = noise(length, length);
      const expected = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
      const pieces = async function* () {
        for (let at = 0; at < bytes.length; at += 37) yield bytes.subarray(at, at + 37);
      };
      expect(await streamingSha256.hash(pieces())).toBe(expected);
    }
  });
});
