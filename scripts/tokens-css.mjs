// The esbuild plugin behind `@import 'nordlys:tokens.css'` in the site's stylesheet: the design tokens of
// @nordlys/sdk/tokens as custom properties, generated at each build so the site never keeps a hand copy.
// Node strips the types of the import-free tokens module.
import { rootCss } from '../sdk/src/tokens.ts';

export const tokensCss = {
  name: 'tokens-css',
  setup(build) {
    build.onResolve({ filter: /^nordlys:tokens\.css$/ }, (args) => ({ path: args.path, namespace: 'nordlys-tokens' }));
    build.onLoad({ filter: /.*/, namespace: 'nordlys-tokens' }, () => ({ contents: rootCss('light'), loader: 'css' }));
  },
};
