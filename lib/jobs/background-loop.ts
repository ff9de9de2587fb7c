import "server-only";
import { log } from "@/lib/log";

// A loop that runs `tick` every `intervalMs`, or at once when woken; never two ticks at a time.
// One per process and name (kept on globalThis so dev-mode reloads do not start a second one).

export type Tick = () => Promise<{ more: boolean }>;
type LoopState = {
  name: string;
  intervalMs: number;
  tick: Tick;
  timer: ReturnType<typeof setTimeout> | undefined;
  running: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
};

const holder = globalThis as typeof globalThis & { __backgroundLoops?: Map<string, LoopState> };
const loops = (holder.__backgroundLoops ??= new Map<string, LoopState>());

export function startLoop(name: string, intervalMs: number, tick: Tick): void {
  if (loops.has(name)) return;
  const state: LoopState = { name, intervalMs, tick, timer: undefined, running: undefined, again: false, stopped: false };
  loops.set(name, state);
  schedule(state, 0);
}

/** Runs a tick now (e.g. right after work was written) instead of at the next interval. */
export function wakeLoop(name: string): void {
  const state = loops.get(name);
  if (!state || state.stopped) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}

/** Stops the loop and waits for a tick in progress (tests, shutdown). */
export async function stopLoop(name: string): Promise<void> {
  const state = loops.get(name);
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  loops.delete(name);
  await state.running;
}

function schedule(state: LoopState, delayMs: number) {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => void run(state), delayMs);
  // The loop alone must never keep the process alive.
  state.timer.unref();
}

async function run(state: LoopState) {
  state.timer = undefined;
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  let more = false;
  state.running = (async () => {
    try {
      more = (await state.tick()).more;
    } catch (error) {
      log.error(`${state.name}.tick_failed`, { error: error instanceof Error ? error.message : String(error) });
    }
  })();
  await state.running;
  state.running = undefined;
  const again = state.again || more;
  state.again = false;
  schedule(state, again ? 0 : state.intervalMs);
}
