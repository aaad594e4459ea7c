/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module '*.sql' {
  const sql: string;
  export default sql;
}
