/** Types of preact-react.mjs (what `react` is in the browser bundle under Preact): preact/compat, of which only what the tests use is listed, and useOptimistic. */
import type compat from 'preact/compat';

declare const react: typeof compat;
export default react;
export declare const useState: typeof compat.useState;
export declare const flushSync: typeof compat.flushSync;
export declare const createElement: typeof compat.createElement;
export declare function useOptimistic<S>(passthrough: S): [S, (action: S | ((current: S) => S)) => void];
export declare function useOptimistic<S, A>(passthrough: S, reducer: (current: S, action: A) => S): [S, (action: A) => void];
