// Runs once when a server process starts. NEXT_RUNTIME is a build-time constant that Next inlines
// (not configuration), which keeps the Node-only start-up code out of the edge bundle.
export async function register() {
  // eslint-disable-next-line no-restricted-properties -- build-time constant, see above
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPortal } = await import("@/lib/startup");
  await startPortal();
}
