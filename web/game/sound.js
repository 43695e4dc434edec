// The game's sound effects: small MP3 files (tools/sounds.py makes them at build time, into
// static/sounds/) played with the Web Audio API.
//
//   const sounds = makeSounds("./static/sounds/"); // nothing is made or fetched yet
//   sounds.play(["capture", "chkobba"]); // one after the other, with a small gap; a string
//                                        // plays one; unknown or unloaded names are skipped
//   sounds.enable(false);                // off (the context is suspended); true: on again
//   SOUND_NAMES                          // the names, each fetched from base + name + ".mp3"
//
// The AudioContext is made, resumed and the files fetched and decoded on the first pointerdown
// or keydown on the page while sounds are on (browsers let sound start only from a gesture).
// Sounds asked for before that, while off, while the page is hidden or while the context is not
// running are dropped, never queued. The context is suspended while the page is hidden and
// resumed when it is shown again; a later gesture resumes it too, if the system stopped it (iOS
// does, for a call). A file that fails to load or decode is skipped: the game goes on silent.

export const SOUND_NAMES = ["deal", "play", "capture", "chkobba", "leftovers", "deal-end", "win", "lose"];
const EXT = ".mp3";
const GAP = 0.05; // seconds of silence between two sounds of one call

export function makeSounds(base, names = SOUND_NAMES) {
  const buffers = new Map();
  let context = null;
  let enabled = true;

  const visible = () => document.visibilityState !== "hidden";
  const resume = () => context?.resume().catch(() => {});

  async function load(name) {
    try {
      const response = await fetch(base + name + EXT);
      if (response.ok) buffers.set(name, await context.decodeAudioData(await response.arrayBuffer()));
    } catch {} // no such sound then
  }

  function unlock() {
    if (!enabled) return;
    if (!context) {
      try {
        context = new AudioContext();
      } catch {
        return; // no Web Audio: a silent game
      }
      for (const name of names) load(name);
    }
    if (context.state !== "running" && visible()) resume();
  }
  document.addEventListener("pointerdown", unlock, { capture: true, passive: true });
  document.addEventListener("keydown", unlock, { capture: true, passive: true });
  document.addEventListener("visibilitychange", () => {
    if (!context) return;
    if (visible() && enabled) resume();
    else if (!visible()) context.suspend().catch(() => {});
  });

  return {
    play(list) {
      if (!context || !enabled || !visible()) return;
      if (context.state !== "running") return void resume(); // these are dropped, not queued
      let when = context.currentTime;
      for (const name of [].concat(list)) {
        const buffer = buffers.get(name);
        if (!buffer) continue;
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(context.destination);
        source.start(when);
        when += buffer.duration + GAP;
      }
    },
    enable(on) {
      if (Boolean(on) === enabled) return; // (the host says it with every frame)
      enabled = Boolean(on);
      if (!context) return;
      if (enabled && visible()) resume();
      else if (!enabled) context.suspend().catch(() => {});
    },
  };
}
