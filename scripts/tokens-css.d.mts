/** Types of tokens-css.mjs: the esbuild plugin that writes the sdk's tokens into the site's stylesheet. */
import type { Plugin } from 'esbuild';

export declare const tokensCss: Plugin;
