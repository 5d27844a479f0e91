/* Sportello service worker: keeps the app shell for offline use, shows Web Push notifications
 * and opens their link when clicked. The data itself is kept by the page (IndexedDB, see
 * src/store/offlineData.ts), never here.
 * Registered by the shell as /sw.js?build={BUILD}; a new build means a new worker and a new cache.
 *
 * Cached: the page (network first, the cached copy when offline), the hashed build assets (cache
 * first: a hashed name never changes; the page's own at install, all of them once a user signs
 * in), the icons and manifest (network first), the product lines' modules (/plugins/: their
 * hashed files under assets/ cache first, the rest, their entry and manifest included, network
 * first, as they change with each build of the line; the modules of the lines the tenant offers once a user signs in),
 * the pictures the user has seen (a car's, say: cache first, in a cache of their own that outlives
 * a new build, at most MAX_PICTURES pictures and MAX_PICTURE_BYTES in all, the oldest dropped
 * first; only this origin's, and never a response marked no-store or private).
 * Never cached: /api, the socket, uploads and downloads (data comes from the live connection). */
const BUILD = new URL(self.location.href).searchParams.get('build') || 'dev';
const PREFIX = 'sportello-shell-';
const CACHE = `${PREFIX}${BUILD}`;
const SHELL = '/';
const NEVER = ['/api/', '/schema', '/socketcluster', '/upload', '/download', '/tenant-logo/', '/sw.js'];
const HASHED = '/assets/';
const STATIC = ['/app-icons/', '/manifest.webmanifest', '/favicon.svg', '/tenant-assets/'];
const BUILD_MANIFEST = '/.vite/manifest.json';
const MODULES = '/plugins/';
/** The most modules one request asks to keep (a tenant offers a few lines). */
const MAX_MODULES = 20;
const AT_ONCE = 6;
/** The pauses before each new try of the files that failed (ms). */
const RETRIES = [2000, 8000];
/** The pictures' cache: not per build (a picture does not change with the app), bounded. */
const PICTURES = 'sportello-pictures';
const MAX_PICTURES = 200;
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** Written on a kept picture's copy: its size (the bound counts bytes) and when it was kept. */
const SIZE_HEADER = 'x-sportello-bytes';
const KEPT_HEADER = 'x-sportello-kept';

/** The page and the scripts and styles it names, so the shell opens offline after one visit. */
async function precache() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
}

/**
 * Every asset of the build, as its manifest lists them (the lazy screens, their translations and
 * styles), so a screen not opened yet opens offline too. The page asks for this once a user has
 * signed in and each time the network returns, not at install: a visit to the login alone does
 * not download the whole app. Already cached files are skipped; a few are fetched at a time; a
 * file that fails does not stop the others and is tried again a little later (RETRIES times),
 * then left for the page's next request.
 */
async function precacheBuild(modules) {
  const files = new Set([...(await buildFiles()), ...(await moduleFiles(modules))]);
  const cache = await caches.open(CACHE);
  let missing = [];
  for (const file of files) if (!(await cache.match(file))) missing.push(file);
  for (let attempt = 0; missing.length && attempt <= RETRIES.length; attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, RETRIES[attempt - 1]));
    const failed = [];
    for (let i = 0; i < missing.length; i += AT_ONCE) {
      const batch = missing.slice(i, i + AT_ONCE);
      const results = await Promise.allSettled(batch.map((file) => cache.add(file)));
      results.forEach((result, j) => result.status === 'rejected' && failed.push(batch[j]));
    }
    missing = failed;
  }
}

/** The shell's assets as the build's manifest lists them. */
async function buildFiles() {
  const response = await fetch(BUILD_MANIFEST, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) return [];
  const files = [];
  for (const chunk of Object.values(await response.json())) {
    for (const file of [chunk.file, ...(chunk.css || []), ...(chunk.assets || [])]) {
      if (typeof file === 'string' && file.startsWith('assets/')) files.push(`/${file}`);
    }
  }
  return files;
}

/**
 * The product modules' files (the entries asked for, under /plugins/): each module's entry and
 * manifest are cached anew (they change with the line's build), and the files its manifest lists
 * for what it exposes are returned to be kept.
 */
async function moduleFiles(entries) {
  const files = [];
  const cache = await caches.open(CACHE);
  for (const entry of (Array.isArray(entries) ? entries : []).slice(0, MAX_MODULES)) {
    if (typeof entry !== 'string' || !entry.startsWith(MODULES) || entry.includes('..')) continue;
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    try {
      const response = await fetch(`${base}mf-manifest.json`, { cache: 'no-store', credentials: 'same-origin' });
      if (!response.ok) continue;
      await cache.put(`${base}mf-manifest.json`, response.clone());
      await cache.add(new Request(entry, { cache: 'no-store' }));
      for (const exposed of (await response.json()).exposes || []) {
        for (const kind of ['js', 'css']) {
          for (const file of [...(exposed.assets?.[kind]?.sync || []), ...(exposed.assets?.[kind]?.async || [])]) {
            if (typeof file === 'string' && !file.includes('..')) files.push(`${base}${file}`);
          }
        }
      }
    } catch {
      // the network went: the page asks again when it is back
    }
  }
  return files;
}

let precaching = null;
let askedAgain = null;

/** One run at a time; a request during a run starts one more after it (the network may be back). */
function precacheOnce(modules) {
  if (precaching) {
    askedAgain = modules;
    return precaching;
  }
  precaching = precacheBuild(modules)
    .catch(() => undefined)
    .finally(() => {
      precaching = null;
      if (!askedAgain) return undefined;
      const again = askedAgain;
      askedAgain = null;
      return precacheOnce(again);
    });
  return precaching;
}

self.addEventListener('message', (event) => {
  if (event.data?.type === 'precache') event.waitUntil(precacheOnce(event.data.modules || []));
  else if (event.data?.type === 'forget-pictures') event.waitUntil(forgetPictures());
});

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function pageNetworkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') || '').startsWith('text/html')) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

/**
 * Whether a picture's response may be kept: a whole answer of this origin (not opaque, not
 * partial), an image, and not marked no-store or private (another user's, or not to be kept).
 */
function keepable(response) {
  if (response.status !== 200 || response.type !== 'basic') return false;
  if (!(response.headers.get('content-type') || '').startsWith('image/')) return false;
  if ((response.headers.get('vary') || '').includes('*')) return false;
  return !/(^|[\s,])(no-store|private)([\s,=]|$)/i.test(response.headers.get('cache-control') || '');
}

/** The kept pictures by address, oldest first: read from the cache once a worker's life, then kept up to date. */
let pictureIndex = null;

function keptPictures() {
  pictureIndex ??= caches.open(PICTURES).then(async (cache) => {
    const kept = [];
    for (const key of await cache.keys()) {
      const headers = (await cache.match(key))?.headers;
      kept.push({ url: key.url, bytes: Number(headers?.get(SIZE_HEADER)) || 0, at: Number(headers?.get(KEPT_HEADER)) || 0 });
    }
    kept.sort((a, b) => a.at - b.at);
    return new Map(kept.map((picture) => [picture.url, picture]));
  });
  return pictureIndex;
}

let keeping = Promise.resolve();

/**
 * Keeps a picture's answer when it fits, then drops the pictures kept first while there are more
 * than MAX_PICTURES or MAX_PICTURE_BYTES in all. One change of the cache at a time.
 */
function keepPicture(request, response) {
  keeping = keeping
    .then(async () => {
      const body = await response.blob();
      if (body.size > MAX_PICTURE_BYTES) return;
      const at = Date.now();
      const headers = new Headers(response.headers);
      headers.set(SIZE_HEADER, String(body.size));
      headers.set(KEPT_HEADER, String(at));
      const cache = await caches.open(PICTURES);
      const kept = await keptPictures();
      await cache.put(request, new Response(body, { status: 200, statusText: response.statusText, headers }));
      kept.delete(request.url); // kept again: now the newest
      kept.set(request.url, { url: request.url, bytes: body.size, at });
      let bytes = 0;
      for (const picture of kept.values()) bytes += picture.bytes;
      for (const picture of kept.values()) {
        if (kept.size <= MAX_PICTURES && bytes <= MAX_PICTURE_BYTES) break;
        await cache.delete(picture.url);
        kept.delete(picture.url);
        bytes -= picture.bytes;
      }
    })
    .catch(() => {
      pictureIndex = null; // read the cache again next time
    });
  return keeping;
}

/** The signed-out user's pictures go: after the one being kept, so it does not come back. */
function forgetPictures() {
  keeping = keeping
    .then(() => caches.delete(PICTURES))
    .catch(() => undefined)
    .finally(() => {
      pictureIndex = null;
    });
  return keeping;
}

/** A picture: the kept copy, else the network's answer (kept meanwhile, when it may be). */
async function pictureCacheFirst(event) {
  const { request } = event;
  const cached = await caches.match(request, { cacheName: PICTURES });
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) event.waitUntil(keepPicture(request, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.some((p) => url.pathname.startsWith(p))) return;
  if (request.mode === 'navigate') event.respondWith(pageNetworkFirst(request));
  else if (url.pathname.startsWith(HASHED)) event.respondWith(cacheFirst(request));
  else if (STATIC.some((p) => url.pathname.startsWith(p))) event.respondWith(networkFirst(request));
  else if (request.destination === 'image') event.respondWith(pictureCacheFirst(event));
  else if (url.pathname.startsWith(MODULES)) event.respondWith(url.pathname.includes(HASHED) ? cacheFirst(request) : networkFirst(request));
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = payload.title || self.registration.scope.replace(/^https?:\/\//, '').replace(/\/$/, '');
  event.waitUntil(
    self.registration.showNotification(title, {
      body: payload.body || '',
      icon: payload.icon || '/app-icons/192.png',
      tag: payload.tag,
      data: { url: payload.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.focus().then(() => open.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});
