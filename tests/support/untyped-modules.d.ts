// Express ships no types and the storefront server (server.mjs) runs it as plain JavaScript; tests
// that start it type what they touch themselves.
declare module 'express';
