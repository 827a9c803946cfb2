export * from './enums';
export * from './users';
export * from './questionnaire';
export * from './booking';
export * from './system';
export * from './matching';
export * from './storage';
export * from './privacy';
