// Concatenation of the two halves of a hybrid's byte strings, in the order its specification sets.

/** a ‖ b in a fresh array. */
export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
