// native.ts as a browser bundle has it: package.json's "browser" field maps native.js here for the
// bundlers (esbuild, Vite, webpack, Rollup's node-resolve, Metro). A page has no node:crypto, so a
// browser build holds none of native.ts's code; choose.ts picks as where node:crypto is missing.
import type { CurveImpl, NativeForm } from './curve.js';

export const nativeForm = (_name: string): NativeForm | undefined => undefined;
export const nativeCurve = (..._args: unknown[]): CurveImpl | undefined => undefined;
export const nativeUncompressed = (_name: string, _q: Uint8Array): Uint8Array | undefined => undefined;
export const nativeHmacSha256 = (): undefined => undefined;
