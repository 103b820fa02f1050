// The esbuild plugin behind `@import 'nordlys:icons.css'` in the site's stylesheet: one class per icon of
// site/src/components/icons.ts, its shape as a CSS mask, generated at each build (#16: icons are drawn by
// the stylesheet, not hydrated as inline SVG). Node strips the types of the import-free icons module.
import { iconsCss as css } from '../site/src/components/icons.ts';

export const iconsCss = {
  name: 'icons-css',
  setup(build) {
    build.onResolve({ filter: /^nordlys:icons\.css$/ }, (args) => ({ path: args.path, namespace: 'nordlys-icons' }));
    build.onLoad({ filter: /.*/, namespace: 'nordlys-icons' }, () => ({ contents: css(), loader: 'css' }));
  },
};
