// Test stand-in for the native module RNGetRandomValues of react-native-get-random-values, which
// get-random-values.js reaches as the package does (TurboModuleRegistry). The real one asks the OS
// (SecRandomCopyBytes, SecureRandom); Hermes's command-line VM has no random source of its own, so
// this one expands a seed that the runner drew from Node's crypto for this run (random-seed.json)
// with xoshiro128**. NOT a secure generator: tests only.
import seed from './random-seed.json';

const s = Uint32Array.from(seed);

function next() {
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  return result;
}

function rotl(x, k) {
  return (x << k) | (x >>> (32 - k));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >>> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

const RNGetRandomValues = {
  getRandomBase64(byteLength) {
    const bytes = new Uint8Array(byteLength);
    for (let i = 0; i < byteLength; i++) bytes[i] = next() >>> 24;
    return base64(bytes);
  },
};

export const TurboModuleRegistry = {
  getEnforcing(name) {
    if (name !== 'RNGetRandomValues') throw new Error(`TurboModuleRegistry.getEnforcing(${name}): not in this stand-in`);
    return RNGetRandomValues;
  },
};
