/** Where the suite's server listens (scripts/e2e-server.mjs); shared by the config and worker-scoped setup. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
