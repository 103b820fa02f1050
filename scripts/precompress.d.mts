/** Writes `{file}.br` and `{file}.gz` for every compressible file under `dir`; returns how many files it did. */
export function precompress(dir: string): Promise<number>;
