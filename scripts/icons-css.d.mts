/** Types of icons-css.mjs: the esbuild plugin that writes the site's icons into its stylesheet as CSS masks. */
import type { Plugin } from 'esbuild';

export declare const iconsCss: Plugin;
