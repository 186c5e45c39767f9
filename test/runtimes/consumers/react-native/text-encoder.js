// Stand-in for the TextEncoder that Hermes has had built in since React Native 0.74 and that the
// Hermes VM of hermes-engine-cli (0.12) lacks. @noble/curves needs it when its modules load (for
// the hybrids), as do HPKE's labels and JWK export in the Web Crypto layer; app-core.js shows that
// the core, the keys and the key objects run without it.
if (typeof globalThis.TextEncoder !== 'function') {
  globalThis.TextEncoder = class TextEncoder {
    get encoding() {
      return 'utf-8';
    }
    encode(text = '') {
      const bytes = [];
      for (const ch of String(text)) {
        let c = ch.codePointAt(0);
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate
        if (c < 0x80) bytes.push(c);
        else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(bytes);
    }
  };
}
