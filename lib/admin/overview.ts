import "server-only";
import { getDb } from "@/lib/db";
import { countApplicationsByState } from "@/lib/db/applications";
import { APPLICATION_STATES, type ApplicationState } from "@/lib/db/schema";

/** Every state with its count (zero included), in the order of the state machine. */
export async function applicationCounts(): Promise<Array<{ state: ApplicationState; count: number }>> {
  const counts = await countApplicationsByState(await getDb());
  return APPLICATION_STATES.map((state) => ({ state, count: counts[state] ?? 0 }));
}
