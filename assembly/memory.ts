// Layout: static tables and scratch (memory.data) below __heap_base, the JS side's buffers above.

/** The first byte the JS side may allocate from; the memory's size never changes. */
export function heapBase(): usize {
  return __heap_base;
}
