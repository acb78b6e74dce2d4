/* Registers the site's service worker (sw.js at the site's root; see web/sw.js) and shows a quiet,
 * bilingual "updated" notice when a new deploy has been installed while this page was open.
 *
 * `make site` adds <script src="…/web/sw-register.js" defer> to every page of _site/; the dev
 * server (`make play`) does not, so development never runs from a stale cache.
 *
 * Registration waits until the page has loaded and, on a PyScript page, until it is ready
 * (<html class="ready">) and loads nothing more in the background (the game page marks the
 * Pyodide worker's loading with <html data-loading>), or 120 s have passed, then for an idle
 * moment of the main thread: the service worker then downloads the rest of the site without
 * competing with the game's own downloads, and the files already loaded come from the HTTP cache
 * (a 304 each) rather than a second download.
 */
(() => {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  // Framed (the embeds of web/embed/, the game page inside the game embed), the page is a guest on
  // someone's blog: never install the whole site's offline cache in that reader's browser.
  if (window.top !== window.self) return;

  const here = document.currentScript ? document.currentScript.src : location.href;
  const root = new URL("../", here); // this file is web/sw-register.js
  const hadController = Boolean(navigator.serviceWorker.controller);

  const TEXTS = {
    en: { text: "Gong Zhu has been updated.", reload: "Reload", close: "Dismiss" },
    zh: { text: "拱猪已更新。", reload: "重新加载", close: "关闭" },
  };

  function showUpdated() {
    if (document.getElementById("sw-updated")) return;
    const t = (document.documentElement.lang || "").toLowerCase().startsWith("zh") ? TEXTS.zh : TEXTS.en;
    const box = document.createElement("div");
    box.id = "sw-updated";
    box.setAttribute("role", "status");
    box.setAttribute("lang", t === TEXTS.zh ? "zh-CN" : "en");
    box.style.cssText = [
      "position:fixed", "left:0.75rem", "bottom:0.75rem", "z-index:2147483000", "max-width:calc(100vw - 1.5rem)",
      "display:flex", "align-items:center", "gap:0.5rem", "padding:0.35rem 0.5rem 0.35rem 0.75rem",
      "font:0.85rem/1.3 system-ui,sans-serif", "color:#f4f1e8", "background:rgba(20,32,24,0.92)",
      "border-radius:0.5rem", "box-shadow:0 2px 8px rgba(0,0,0,0.35)",
    ].join(";");
    const text = document.createElement("span");
    text.textContent = t.text;
    const button = (label, onClick) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.style.cssText = "font:inherit;color:inherit;background:transparent;border:1px solid currentColor;" +
        "border-radius:0.35rem;padding:0.1rem 0.5rem;cursor:pointer;min-height:1.8rem";
      b.addEventListener("click", onClick);
      return b;
    };
    const reload = button(t.reload, () => location.reload());
    const close = button("×", () => box.remove());
    close.setAttribute("aria-label", t.close);
    box.append(text, reload, close);
    document.body.append(box);
  }

  // Resolves once the page is ready (<html class="ready">, or "failed") and, with `quiet`, loads
  // nothing more in the background (no <html data-loading>); at once on a page without PyScript, and
  // at most 120 s later on a page that never gets there.
  function whenPage(quiet) {
    return new Promise((resolve) => {
      const start = () => {
        const isPyScriptPage = document.querySelector('script[type="py"], script[type="mpy"]');
        const html = document.documentElement;
        const settled = () => html.classList.contains("failed")
          || (html.classList.contains("ready") && !(quiet && html.hasAttribute("data-loading")));
        if (!isPyScriptPage || settled()) return resolve();
        const observer = new MutationObserver(() => {
          if (settled()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(html, { attributes: true, attributeFilter: ["class", "data-loading"] });
        setTimeout(() => {
          observer.disconnect();
          resolve();
        }, 120000);
      };
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start, { once: true });
    });
  }

  // sw.js tells the pages it takes over when it replaces an older build (the first install sends
  // nothing). A page that was loaded from the network, not from a service worker, already runs the
  // newest files and shows nothing. The notice waits for the page to be ready, so that it speaks the
  // page's language.
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (hadController && event.data && event.data.updated) whenPage(false).then(showUpdated);
  });

  // At the browser's next idle moment, so that starting the service worker never lands in the
  // middle of a tap or an animation (at most 10 s later on a page that is never idle).
  const whenIdle = () => new Promise((resolve) =>
    "requestIdleCallback" in window ? requestIdleCallback(() => resolve(), { timeout: 10000 }) : setTimeout(resolve, 0));

  whenPage(true).then(whenIdle).then(() =>
    navigator.serviceWorker
      .register(new URL("sw.js", root), { scope: root.pathname })
      .catch((error) => console.warn("gongzhu: offline mode unavailable:", error)),
  );
})();
