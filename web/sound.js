// The table's sounds, played on the page's thread (the game's Python, in a worker, names them
// in each frame). makeSounds(base) -> { play(names), enable(on) }:
// - nothing is made or fetched before the player's first tap or key (browsers ask for one):
//   the AudioContext is made then and the files (base + name + EXT) fetched and decoded;
// - play(names) before that, while switched off, or while the page is hidden drops them (a
//   sound is never queued to play late); names in one call play one after the other;
// - the context is suspended while the page is hidden; a file that fails to load is skipped.

const NAMES = ["deal", "play", "capture", "chkobba", "leftovers", "deal-end", "win", "lose"];
const EXT = ".mp3"; // tools/sounds.py writes them at build time
const GAP = 0.12; // seconds between two sounds of one frame

export function makeSounds(base) {
  let on = true;
  let context = null;
  const buffers = new Map();

  function unlock() {
    removeEventListener("pointerdown", unlock, true);
    removeEventListener("keydown", unlock, true);
    if (!on || context) return;
    try {
      context = new AudioContext();
    } catch {
      return; // no Web Audio: a silent game
    }
    for (const name of NAMES) {
      fetch(base + name + EXT)
        .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject()))
        .then((data) => context.decodeAudioData(data))
        .then((buffer) => buffers.set(name, buffer))
        .catch(() => {}); // skipped: the game goes on
    }
  }
  addEventListener("pointerdown", unlock, true);
  addEventListener("keydown", unlock, true);
  document.addEventListener("visibilitychange", () => {
    if (!context) return;
    if (document.visibilityState === "hidden") context.suspend().catch(() => {});
    else context.resume().catch(() => {});
  });

  return {
    enable(value) {
      on = Boolean(value);
      if (on && !context) {
        addEventListener("pointerdown", unlock, true);
        addEventListener("keydown", unlock, true);
      }
    },
    play(names) {
      if (!on || !context || document.visibilityState === "hidden") return;
      if (context.state === "suspended") context.resume().catch(() => {});
      let when = context.currentTime;
      for (const name of names) {
        const buffer = buffers.get(name);
        if (!buffer) continue;
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(context.destination);
        source.start(when);
        when += buffer.duration + GAP;
      }
    },
  };
}
