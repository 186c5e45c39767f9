// Hidden state (keys' slots, what handles their secrets) lives in maps reached only through the
// methods WeakMap and Map had when this module loaded: code that replaces them later sees nothing.
const MAPS = /* @__PURE__ */ (() =>
  [WeakMap, Map].map((C) => [C, C.prototype.get, C.prototype.set, C.prototype.delete] as const))();
const apply = /* @__PURE__ */ (() => Reflect.apply)();

export type HiddenMap<K, V> = { get(key: K): V | undefined; set(key: K, value: V): void; delete(key: K): void };

/** A new WeakMap (a Map with `strong`) reached only through the methods captured at load. */
export function hiddenMap<K, V>(strong = false): HiddenMap<K, V> {
  const [C, get, set, remove] = MAPS[strong ? 1 : 0]!;
  const map = new C();
  return {
    get: (key) => apply(get, map, [key]) as V | undefined,
    set: (key, value) => void apply(set, map, [key, value]),
    delete: (key) => void apply(remove, map, [key]),
  };
}
