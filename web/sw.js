/* Gong Zhu service worker: the whole site offline after the first visit.
 *
 * This is a template: `make site` (web/tools/build_site.py) writes it to the root of _site/ as
 * sw.js (a service worker controls the folder it is served from, so it must sit at the site's
 * root), filling in BUILD_VERSION (a hash of every file of the build) and PRECACHE (every file
 * of the build, relative to this script). The dev server (`make play`) never serves it.
 *
 * - install: download every file into a new cache named after the build. The cache is complete
 *   or it does not exist: if one file fails, the half-filled cache is deleted and the install
 *   fails, so the previous version (or the network) keeps serving the pages untouched.
 * - activate: only once that cache is complete; it takes over at once and deletes the caches of
 *   older builds. Pages that were already running keep everything they loaded; they are told of
 *   the update, and web/sw-register.js shows them a quiet "updated" notice.
 * - fetch: same-origin GETs are answered from the cache (query strings ignored: ?seed=… and the
 *   embed parameters are read by the page); anything else goes to the network unchanged.
 */
"use strict";

const BUILD_VERSION = "__BUILD_VERSION__";
const PRECACHE = ["__PRECACHE__"];
const PREFIX = "gongzhu-";
const CACHE = PREFIX + BUILD_VERSION;
const SCOPE = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const urls = PRECACHE.map((path) => new URL(path, SCOPE).href);
      let cache = await caches.open(CACHE);
      const have = new Set((await cache.keys()).map((request) => request.url));
      if (urls.every((url) => have.has(url))) {
        // This build's cache is already complete (the same build installed again): keep it, never
        // empty a cache that pages may be reading from.
        await self.skipWaiting();
        return;
      }
      await caches.delete(CACHE); // leftovers of an interrupted install of this same build
      cache = await caches.open(CACHE);
      try {
        // "no-cache": revalidate with the server, so a copy of the previous deploy still in the
        // HTTP cache never slips into this build's cache (an unchanged file costs a 304).
        await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
      } catch (error) {
        await caches.delete(CACHE);
        throw error;
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const older = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
      await Promise.all(older.map((n) => caches.delete(n)));
      await self.clients.claim();
      // An update: tell the pages loaded from an older build (web/sw-register.js shows the notice). A
      // page still loading gets the message once it has been parsed: the browser holds a worker's
      // messages to a page until its DOMContentLoaded, so none is lost to a page whose scripts have
      // not run yet.
      if (older.length) {
        for (const client of await self.clients.matchAll({ type: "window" })) {
          client.postMessage({ updated: BUILD_VERSION });
        }
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data !== "version") return;
  const reply = event.ports[0] || event.source; // a MessageChannel port, or the sending page
  if (reply) reply.postMessage({ version: BUILD_VERSION });
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  let url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.href.endsWith("/")) url = new URL("index.html", url);
  const hit = await cache.match(url.href);
  if (hit) return hit;
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(respond(request));
});
