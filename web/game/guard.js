// A budget of messages from a friend far away, kept on the page's thread before anything
// reaches Python: a token bucket per link. A person sends a move only once shown the position
// it answers, a few a second at most; a page gone wrong (or a script) may send thousands. What
// the budget allows goes to Python, which reads and answers it; what it does not is dropped
// here, each one counted; after FLOOD dropped, the friend is sent too much: take() says
// "flood" once, and the host's page tells the friend and drops the link (ui/guard.py).
//
//   const budget = makeBudget();
//   budget.take();  // "pass", "drop" or, once, "flood"

export const BURST = 4; // messages a friend may send at once
export const RATE = 2; // messages a second after that
export const FLOOD = 40; // messages over the budget after which the friend is dropped

export function makeBudget({ burst = BURST, rate = RATE, flood = FLOOD, now = () => performance.now() } = {}) {
  let tokens = burst;
  let at = now();
  let dropped = 0;
  return {
    take() {
      if (dropped >= flood) return "drop";
      const time = now();
      tokens = Math.min(burst, tokens + ((time - at) / 1000) * rate);
      at = time;
      if (tokens >= 1) {
        tokens -= 1;
        return "pass";
      }
      dropped += 1;
      return dropped >= flood ? "flood" : "drop";
    },
  };
}
