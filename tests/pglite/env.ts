/** The PGlite journeys' port: E2E_PGLITE_PORT (playwright.config.ts sets it: E2E_PORT + 2). */
export const PGLITE_PORT = Number(process.env.E2E_PGLITE_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 2);
