// scripts/serve.mjs marks the process before Next starts: then every request came through its edge, which set
// x-portal-client-ip and checked Host. Under `next start` or `next dev` nothing did, and a client-sent value is a lie.
const EDGE = Symbol.for("card-portal.edge");

export const servedByEdge = (): boolean => (globalThis as Record<symbol, unknown>)[EDGE] === true;
