// The FIPS 203 §7.2 decoding check ("ByteEncode12(ByteDecode12(x)) = x") applied to the secret
// vector ŝ of an expanded decapsulation key dk = ByteEncode12(ŝ) ‖ ek ‖ H(ek) ‖ z (Algorithm 16,
// line 3; Algorithm 13, line 20). §7.3 checks only H(ek); a coefficient c stored as c + q decodes
// to the same key and so passes every other check, giving one key several encodings (issue #11).
// ŝ is secret: every coefficient is examined, with masks, and nothing branches on its value.

/**
 * True when every 12-bit coefficient of ŝ, the first `length` = 384k bytes of `secretKey`, is
 * below q = 3329. Constant time in ŝ.
 */
export function isCanonicalSecretVector(secretKey: Uint8Array, length: number): boolean {
  const end = length; // public: from the key's size
  let bad = 0;
  for (let i = 0; i < end; i += 3) {
    const b0 = secretKey[i]!;
    const b1 = secretKey[i + 1]!;
    const b2 = secretKey[i + 2]!;
    const c0 = b0 | ((b1 & 0x0f) << 8); // 12 bits: in [0, 4095]
    const c1 = (b1 >> 4) | (b2 << 4);
    bad |= ((3328 - c0) | (3328 - c1)) >>> 31; // 1 when c >= q: 3328 - c < 0 sets bit 31
  }
  return bad === 0;
}
