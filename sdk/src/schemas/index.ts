export * from './common';
export * from './image';
export * from './location';
export * from './company';
export * from './job';
export * from './investor';
export * from './content';
export * from './site';
