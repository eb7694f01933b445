export * from './locales.js';
export * from './constants.js';
export * from './format.js';
export * from './validators.js';
export * from './auth.js';
export * from './user.js';
export * from './hydra.js';
export * from './messages/index.js';
