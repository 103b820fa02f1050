/** Moves every `*.map` under `publicDir` to the same path under `mapsDir`; returns how many it moved. */
export function moveSourceMaps(publicDir: string, mapsDir: string): Promise<number>;
