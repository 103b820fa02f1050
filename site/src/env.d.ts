/** Stylesheets are imported for their side effect; the build emits them as CSS files. */
declare module '*.css';
