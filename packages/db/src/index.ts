export * from './client';
export * from './migrate';
export * from './paths';
export * as schema from './schema/index';
export * from './schema/index';
export * from './rules/bookable-therapist';
export * from './personal-data';
export * from './json-row';
