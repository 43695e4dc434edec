// Cache-first service worker: after one online visit the game boots and plays offline.
// build.py fills in the version (a hash of every file of the build) and the files to precache.
// One cache per build, and a page is only ever served from its own worker's cache, so files of
// two builds never mix: a new build waits (installed, not active) until the page, told by
// pwa.js, asks it to take over and reloads; then the old build's cache is deleted.
//
// Why not Workbox (workbox-build injectManifest)? What this needs is the above and no more: a
// precache named by a hash build.py already computes, cache-first, an explicit skip-waiting.
// Workbox would add a build dependency tree to `npm ci` and a runtime to precache, its default
// 2 MB per-file limit must be raised for the 9.6 MB wasm, and its per-file revision keys would
// let one cache hold files of two builds, which this worker rules out by construction.
const CACHE = "chkobba-__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  // "no-cache": revalidate with the server, so a copy of an older build held by the HTTP cache
  // is never precached under this build's name (unchanged files cost a 304).
  const requests = FILES.map((file) => new Request(file, { cache: "no-cache" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => keys.filter((key) => key.startsWith("chkobba-") && key !== CACHE))
      .then((old) => Promise.all(old.map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request)),
  );
});
