// engine/shuffle.py's documented shuffle, in the browser, so anyone can re-deal a finished match.
// A stream's bytes are SHA-256("{seed}:{label}:{i}") for i = 0, 1, ...; below(n) reads 8 bytes
// big-endian and rejects values >= 2**64 - (2**64 mod n); the shuffle is Fisher-Yates from the end.
const SPAN = 1n << 64n;
const encoder = new TextEncoder();

export async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function sha256Hex(text) {
  return [...await sha256(text)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class Stream {
  constructor(seed, label) {
    this.prefix = `${seed}:${label}:`;
    this.block = 0;
    this.buffer = [];
  }

  async nextU64() {
    if (this.buffer.length < 8) {
      this.buffer.push(...await sha256(`${this.prefix}${this.block}`));
      this.block += 1;
    }
    return this.buffer.splice(0, 8).reduce((x, byte) => (x << 8n) | BigInt(byte), 0n);
  }

  /** A uniform integer in 0..n-1 (a BigInt when n is one). */
  async below(n) {
    const size = BigInt(n);
    const limit = SPAN - (SPAN % size);
    let x = await this.nextU64();
    while (x >= limit) x = await this.nextU64();
    return typeof n === "bigint" ? x % size : Number(x % size);
  }
}

/** A new array: `items` in the Fisher-Yates order drawn from (seed, label). */
export async function shuffled(items, seed, label) {
  const stream = new Stream(seed, label);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

/** One uniform integer in 0..n-1 (e.g. the first dealer). */
export async function pick(n, seed, label) {
  return new Stream(seed, label).below(n);
}
