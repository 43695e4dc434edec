// A budget of messages from a friend far away, kept on the page's thread before anything
// reaches Python: a token bucket per link. A person sends a move only once shown the position
// it answers, a few a second at most; a page gone wrong (or a script) may send thousands. What
// the budget allows goes to Python at once, which reads and answers it; a few over it (a quick
// player's taps on a fast link) wait for their turn, in order, and are never lost; past those,
// messages are dropped here, each one counted; after FLOOD dropped, the friend is sending too
// much: ``flooded()`` is called once, and the host's page tells the friend and drops the link
// (ui/guard.py).
//
//   const gate = makeGate((text) => toPython(text), () => tellFlood());
//   gate.offer(text);

export const BURST = 4; // messages a friend may send at once
export const RATE = 2; // messages a second after that
export const WAITING = 4; // messages over the budget kept in order until their turn comes
export const FLOOD = 40; // messages dropped (over the budget and the waiting ones) before flooded

export function makeGate(
  deliver,
  flooded,
  {
    burst = BURST,
    rate = RATE,
    waiting = WAITING,
    flood = FLOOD,
    now = () => performance.now(),
    later = (work, ms) => setTimeout(work, ms),
  } = {},
) {
  let tokens = burst;
  let at = now();
  let dropped = 0;
  let due = false; // a drain is set for the waiting messages' next token
  const queue = [];
  function drain() {
    due = false;
    if (dropped >= flood) return;
    const time = now();
    tokens = Math.min(burst, tokens + ((time - at) / 1000) * rate);
    at = time;
    while (queue.length && tokens >= 1) {
      tokens -= 1;
      deliver(queue.shift());
    }
    if (queue.length) {
      due = true;
      later(drain, ((1 - tokens) / rate) * 1000);
    }
  }
  return {
    offer(text) {
      if (dropped >= flood) return;
      if (queue.length >= waiting) {
        dropped += 1;
        if (dropped >= flood) {
          queue.length = 0;
          flooded();
        }
        return;
      }
      queue.push(text);
      if (!due) drain();
    },
  };
}
