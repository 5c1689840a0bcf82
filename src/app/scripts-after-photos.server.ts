/**
 * A page's scripts start once its first photos have arrived. On a phone network the framework's
 * 100 KB of script and the photo a family looks at first (the largest thing on the screen) share
 * one slow connection; the page is whole and usable as HTML (styles inline, forms and links work
 * without script), so the photo goes first and the scripts follow it.
 *
 * React Router ends the page with `<link rel="modulepreload">` tags and one inline module script
 * that imports the page's modules. Here the links are taken out and the module's text is kept in
 * an inert `<script type="text/x-deferred-module">`; a small classic script waits for the page to
 * load, paint and decode its eager photos, at most three seconds, then adds the links and the
 * module again. The module's text is unchanged, so a page's hash-based policy
 * (http/page-cache.ts hashes every inline script) and a nonce-based one both admit it; the inert
 * script keeps the page's nonce like every other script tag, though it never runs as it is.
 */

const MODULE_SCRIPT = /<script([^>]*) type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const NONCE = /\bnonce="([^"]*)"/;
const DEFERRED_TYPE = "text/x-deferred-module";
/** Longest wait for the photos: a photo that never comes does not keep the page from its scripts. */
const MAX_WAIT_MS = 3000;

/**
 * Runs in the page: once it has loaded, its first contentful paint has happened and its eager
 * photos are decoded (so they are on screen a frame later), or after MAX_WAIT_MS whatever
 * happens, the module preloads and the module script are added.
 */
function loader(hrefs: string[]): string {
  return `(function(){
var me=document.currentScript,nonce=me.nonce,started=false;
function start(){if(started)return;started=true;
${JSON.stringify(hrefs)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;link.nonce=nonce;document.head.appendChild(link)});
var script=document.createElement("script");script.type="module";script.nonce=nonce;script.textContent=me.previousElementSibling.textContent;document.body.appendChild(script)}
setTimeout(start,${MAX_WAIT_MS});
var loaded=new Promise(function(done){if(document.readyState==="complete")done();else addEventListener("load",done,{once:true})});
var painted=new Promise(function(done){if(!(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0))return done();
new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();done()}}).observe({type:"paint",buffered:true})});
var photos=[].map.call(document.querySelectorAll('img[fetchpriority="high"]'),function(img){return img.decode().catch(function(){})});
Promise.all([loaded,painted].concat(photos)).then(function(){requestAnimationFrame(function(){setTimeout(start)})});
})();`.replaceAll("\n", "");
}

/** The page with its scripts deferred as above; a page without React Router's module script is left as it is. */
export function scriptsAfterPhotos(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const [whole, attributes, code] = module as unknown as [string, string, string];
  const nonce = NONCE.exec(attributes)?.[1];
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  const hrefs = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!))];
  const deferred = `<script type="${DEFERRED_TYPE}"${nonceAttribute}>${code}</script><script${nonceAttribute}>${loader(hrefs)}</script>`;
  return html.replace(whole, () => deferred).replace(MODULE_PRELOAD, "");
}
