/** Where the end-to-end API listens (chosen by playwright.config.ts). */
export const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT}`;
