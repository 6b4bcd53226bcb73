// @ts-check
// A Lighthouse trace as a quiet host would have recorded it: every task shortened to the CPU time its
// thread really spent in it.
//
// Why: Lighthouse's simulated throttling ("Lantern") takes each main-thread task's duration from the trace
// (wall time) and multiplies it by cpuSlowdownMultiplier. On a 2-core machine running other work the
// browser's threads wait for a core in the middle of their tasks, so the wall time of a task is its work
// plus the time it was descheduled: on this project's CI machine under load, main-thread tasks took 6x
// their CPU time and a 2 ms task became a 330 ms "long task". Chrome records each task's thread CPU time
// beside its wall time (`tdur` beside `dur`, in µs); a task's events are squeezed into its CPU time
// (their offsets from the task's start and their durations scaled by tdur/dur), so the tasks, their order
// and their children (the scripts, layouts and requests Lantern links to the network) are the same, only
// the waiting is gone. A page that does more work still takes more CPU time: a real regression shows.

/**
 * Rewrites `traceEvents` in place; answers the tasks shortened and the ratio of the tasks' wall time to
 * their CPU time before (1 on a quiet host; how busy the host was).
 * @param {Array<{ph?: string, name?: string, pid?: number, tid?: number, ts: number, dur?: number, tdur?: number}>} traceEvents
 * @returns {{tasks: number, wallToCpu: number}}
 */
export function toThreadTime(traceEvents) {
  /** @type {Map<string, typeof traceEvents>} */
  const byThread = new Map();
  for (const event of traceEvents) {
    const key = `${event.pid}:${event.tid}`;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(event);
  }
  let tasks = 0;
  let wall = 0;
  let cpu = 0;
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts);
    for (let i = 0; i < list.length; i++) {
      const task = list[i];
      if (task.ph !== 'X' || task.name !== 'RunTask' || typeof task.tdur !== 'number' || !(task.dur > 0)) continue;
      const end = task.ts + task.dur;
      // Its events: everything on the thread that starts before it ends (a nested task included).
      let last = i;
      while (last + 1 < list.length && list[last + 1].ts < end) last++;
      wall += task.dur;
      cpu += Math.min(task.tdur, task.dur);
      if (task.tdur < task.dur) {
        const factor = task.tdur / task.dur;
        for (let j = i + 1; j <= last; j++) {
          const event = list[j];
          event.ts = task.ts + (event.ts - task.ts) * factor;
          if (typeof event.dur === 'number') event.dur *= factor;
          if (typeof event.tdur === 'number') event.tdur = Math.min(event.tdur, event.dur ?? event.tdur);
        }
        task.dur = task.tdur;
        tasks += 1;
      }
      i = last;
    }
  }
  return { tasks, wallToCpu: cpu > 0 ? wall / cpu : 1 };
}
