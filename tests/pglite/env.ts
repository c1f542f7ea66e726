/** The PGlite journeys' port: E2E_PGLITE_PORT, else E2E_PORT (the main run is over by then). */
export const PGLITE_PORT = Number(process.env.E2E_PGLITE_PORT ?? process.env.E2E_PORT ?? 8181);
