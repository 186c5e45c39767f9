// The one copy policy of src/bytes.ts for BufferSources: every kind of buffer
// and view, of this realm or another, shared, resizable (a length-tracking view at its current
// length), detached (no bytes), lying subclasses (read through their internal slots), and
// anything else refused without a throw. The Web Crypto, HPKE and wasm layers take their copies here.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vm from 'node:vm';

import { concat, copyBuffer } from '../../src/bytes.js';

const bytes = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
const same = (value: unknown, expected: number[], shared = false, view = true) => {
  const copy = copyBuffer(value);
  assert.ok(copy !== undefined, 'copied');
  assert.deepEqual([...copy.bytes], expected);
  assert.equal(copy.shared, shared);
  assert.equal(copy.view, view);
  assert.equal(Object.getPrototypeOf(copy.bytes), Uint8Array.prototype, 'a plain Uint8Array of this realm');
  assert.equal(copy.bytes.byteOffset, 0);
  assert.equal(copy.bytes.buffer.byteLength, expected.length, 'owns its whole buffer');
};

describe('copyBuffer', () => {
  it('copies ArrayBuffers and every kind of view, at their offset, sharing no memory', () => {
    same(bytes.buffer.slice(0), [...bytes], false, false);
    same(bytes.subarray(3, 7), [4, 5, 6, 7]);
    same(new DataView(bytes.buffer, 2, 3), [3, 4, 5]);
    same(new Uint16Array(bytes.buffer, 4, 2), [5, 6, 7, 8]);
    same(Buffer.from(bytes), [...bytes]);
    const copy = copyBuffer(bytes)!;
    copy.bytes[0] = 99;
    assert.equal(bytes[0], 1);
  });

  it('shared memory is copied and said to be shared', () => {
    const sab = new SharedArrayBuffer(4);
    new Uint8Array(sab).set([1, 2, 3, 4]);
    same(sab, [1, 2, 3, 4], true, false);
    same(new Uint8Array(sab, 1), [2, 3, 4], true, true);
  });

  it('resizable buffers at their current length; detached buffers hold no bytes', () => {
    const rab = new (ArrayBuffer as unknown as new (
      n: number,
      o: { maxByteLength: number },
    ) => ArrayBuffer & { resize(n: number): void })(4, { maxByteLength: 8 });
    const tracking = new Uint8Array(rab);
    tracking.set([1, 2, 3, 4]);
    rab.resize(6);
    same(tracking, [1, 2, 3, 4, 0, 0]);
    rab.resize(2);
    same(tracking, [1, 2]);
    same(rab, [1, 2], false, false);
    const detached = new ArrayBuffer(8);
    const view = new Uint8Array(detached);
    const dataView = new DataView(detached, 2);
    structuredClone(detached, { transfer: [detached] });
    same(detached, [], false, false);
    same(view, []);
    same(dataView, []);
  });

  it("another realm's buffers and views are buffers", () => {
    const other = vm.runInNewContext(
      '({ ab: new Uint8Array([7, 8, 9]).buffer, view: new DataView(new Uint8Array([1, 2, 3]).buffer, 1) })',
    ) as { ab: unknown; view: unknown };
    same(other.ab, [7, 8, 9], false, false);
    same(other.view, [2, 3]);
  });

  it('lying subclasses are read through their internal slots; anything else is no buffer, never a throw', () => {
    class Lying extends Uint8Array {
      override get byteOffset(): number {
        throw new Error('lie');
      }
      override get byteLength(): number {
        return 1000;
      }
    }
    same(Lying.from([5, 6]), [5, 6]);
    const revoked = Proxy.revocable(new Uint8Array(4), {});
    revoked.revoke();
    const values = [
      undefined,
      null,
      'abc',
      42,
      [1, 2],
      { byteLength: 4 },
      new Proxy(new Uint8Array(4), {}),
      revoked.proxy,
      Object.create(ArrayBuffer.prototype),
    ];
    values.forEach((value, i) => assert.equal(copyBuffer(value), undefined, `value ${i}`));
  });

  it("reads no property of the caller's: getters on the value, its buffer and their prototypes never run, and the copy is right", () => {
    // Every property a copy could look up, as a getter that records its call and then detaches
    // or shrinks the buffer (which made Web Crypto and loadWasm throw a bare TypeError mid-copy).
    const KEYS: PropertyKey[] = [
      Symbol.toStringTag,
      Symbol.species,
      Symbol.iterator,
      'constructor',
      'buffer',
      'byteOffset',
      'byteLength',
      'length',
      'maxByteLength',
      'resizable',
      'growable',
      'detached',
      'slice',
      'set',
      'subarray',
      'toString',
      'valueOf',
    ];
    const calls: string[] = [];
    const trap = (target: object, label: string, spoil: () => void) => {
      for (const key of KEYS) {
        Object.defineProperty(target, key, {
          configurable: true,
          get() {
            calls.push(`${label}.${String(key)}`);
            spoil();
            return undefined;
          },
        });
      }
    };
    const rab = () =>
      new (ArrayBuffer as unknown as new (
        n: number,
        o: { maxByteLength: number },
      ) => ArrayBuffer & { resize(n: number): void })(4, { maxByteLength: 8 });
    const gsab = () =>
      new (SharedArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => SharedArrayBuffer)(4, {
        maxByteLength: 8,
      });
    const kinds: Array<[string, () => ArrayBufferLike, boolean]> = [
      ['ArrayBuffer', () => new ArrayBuffer(4), false],
      ['resizable ArrayBuffer', rab, false],
      ['SharedArrayBuffer', () => new SharedArrayBuffer(4), true],
      ['growable SharedArrayBuffer', gsab, true],
    ];
    let cases = 0;
    for (const [kind, make, shared] of kinds) {
      for (const as of ['buffer', 'Uint8Array', 'DataView', 'Uint16Array', 'subclass of Uint8Array'] as const) {
        for (const where of ['own', 'prototype']) {
          const buffer = make();
          new Uint8Array(buffer).set([1, 2, 3, 4]);
          const value: object =
            as === 'buffer'
              ? buffer
              : as === 'Uint8Array'
                ? new Uint8Array(buffer)
                : as === 'DataView'
                  ? new DataView(buffer)
                  : as === 'Uint16Array'
                    ? new Uint16Array(buffer)
                    : new (class extends Uint8Array {})(buffer as ArrayBuffer);
          // Shrink a resizable buffer, detach a plain one (shared memory can do neither).
          const spoil = () => {
            if (kind === 'resizable ArrayBuffer') (buffer as ArrayBuffer & { resize(n: number): void }).resize(1);
            else if (kind === 'ArrayBuffer') structuredClone(buffer, { transfer: [buffer as ArrayBuffer] });
          };
          calls.length = 0;
          const owners = as === 'buffer' ? [buffer] : [value, buffer];
          for (const owner of owners) {
            if (where === 'own') trap(owner, owner === buffer ? 'buffer' : 'view', spoil);
            else {
              const proto = Object.create(Object.getPrototypeOf(owner) as object) as object;
              trap(proto, owner === buffer ? 'buffer prototype' : 'view prototype', spoil);
              Object.setPrototypeOf(owner, proto);
            }
          }
          const copy = copyBuffer(value);
          assert.deepEqual(calls, [], `${kind} as ${as} (${where} getters): the caller's code ran`);
          assert.ok(copy !== undefined, `${kind} as ${as} (${where}): copied`);
          assert.deepEqual([...copy.bytes], [1, 2, 3, 4], `${kind} as ${as} (${where}): its bytes`);
          assert.equal(copy.shared, shared);
          cases++;
        }
      }
    }
    assert.equal(cases, 40);
  });

  it('concat joins any number of arrays into a fresh one', () => {
    assert.deepEqual([...concat(Uint8Array.of(1), Uint8Array.of(), Uint8Array.of(2, 3))], [1, 2, 3]);
    assert.equal(concat().length, 0);
  });
});
