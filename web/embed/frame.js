// Inside every embed frame: tell the host page (web/embed.js) how tall the content is.
//
// Protocol (the host side is web/embed.js):
//   host  -> frame  {type: "gongzhu:hello", id}            sent to this site's origin only
//   frame -> host   {type: "gongzhu:size", id, height}    sent to the hello's origin only
// The frame answers only a hello that comes from its own parent window, and posts sizes only to
// the origin that hello came from, so it never talks to a page that did not embed it. Nothing
// else crosses: the frame never reads or changes the host page, and sets no cookies.
// A plain <iframe> (no script on the host) simply never says hello; the author sets its height.
(function () {
  "use strict";
  var host = null; // {origin, id} once the parent said hello

  // theme=light|dark (default: the reader's system setting), applied before the first paint.
  var theme = (new URLSearchParams(location.search).get("theme") || "").toLowerCase();
  if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
  var last = -1;
  // lang=zh: the frame's own words in Chinese from the start, before Python runs (data-zh).
  var zh = /^zh/i.test(new URLSearchParams(location.search).get("lang") || "");

  function height() {
    var root = document.documentElement;
    var main = document.getElementById("embed");
    var h = main ? Math.ceil(main.getBoundingClientRect().bottom + window.scrollY) : root.scrollHeight;
    return Math.max(h, 40);
  }

  function report() {
    if (!host) return;
    var h = height();
    if (h === last) return;
    last = h;
    window.parent.postMessage({ type: "gongzhu:size", id: host.id, height: h }, host.origin);
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== window.parent || window.parent === window) return;
    if (!data || typeof data !== "object" || data.type !== "gongzhu:hello") return;
    if (typeof data.id !== "string" || data.id.length > 100) return;
    host = { origin: event.origin, id: data.id };
    last = -1;
    report();
  });

  function watch() {
    var loading = document.getElementById("embed-loading");
    if (zh && loading && loading.getAttribute("data-zh")) loading.textContent = loading.getAttribute("data-zh");
    if (window.ResizeObserver) {
      new ResizeObserver(report).observe(document.body);
    }
    window.addEventListener("load", report);
    // Fonts and card images settle the height a little later.
    setTimeout(report, 300);
    setTimeout(report, 1500);
  }

  if (document.body) watch();
  else document.addEventListener("DOMContentLoaded", watch);

  // If Python never starts (an old browser, a blocked download), say so instead of a blank frame.
  setTimeout(function () {
    var root = document.documentElement;
    if (root.classList.contains("ready") || root.classList.contains("failed")) return;
    var note = document.getElementById("embed-loading");
    if (note) {
      note.textContent = zh || root.lang.indexOf("zh") === 0
        ? "仍在加载… 如果一直不动，请刷新页面。"
        : "Still loading… if nothing happens, reload the page.";
    }
  }, 15000);
})();
