// Test stand-in for react-native-get-random-values 2.0.0 (its index.js, which the app imports
// first): the same checks and the same path to the native module, as React Native resolves it.
// The npm package is not installed here because its peer dependency would bring React Native
// itself; TurboModuleRegistry and the native module come from ./native-random.js, a stand-in.
import { TurboModuleRegistry } from './native-random.js';

class TypeMismatchError extends Error {}
class QuotaExceededError extends Error {}

function base64Decode(text, out) {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let bits = 0;
  let count = 0;
  let j = 0;
  for (let i = 0; i < text.length && text[i] !== '='; i++) {
    bits = (bits << 6) | ALPHABET.indexOf(text[i]);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[j++] = (bits >>> count) & 0xff;
    }
  }
}

let module = null;

function getRandomValues(array) {
  if (!(array instanceof Int8Array || array instanceof Uint8Array || array instanceof Int16Array || array instanceof Uint16Array || array instanceof Int32Array || array instanceof Uint32Array || array instanceof Uint8ClampedArray)) {
    throw new TypeMismatchError('Expected an integer array');
  }
  if (array.byteLength > 65536) throw new QuotaExceededError('Can only request a maximum of 65536 bytes');
  if (module == null) module = TurboModuleRegistry.getEnforcing('RNGetRandomValues');
  base64Decode(module.getRandomBase64(array.byteLength), new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return array;
}

if (typeof global.crypto !== 'object') global.crypto = {};
if (typeof global.crypto.getRandomValues !== 'function') global.crypto.getRandomValues = getRandomValues;
