/*
 * <gong-zhu>: embed a live piece of Gong Zhu (拱猪) in any page with one snippet.
 *
 *   <script src="https://SITE/web/embed.js" async></script>
 *   <gong-zhu mode="calculator" cards="QS,KH,QH,8H" exposed="AH"></gong-zhu>
 *
 * Modes: calculator, replay, puzzle, game, lesson. Every other attribute is passed to the embed page as a
 * URL parameter (seed, hands, moves, cards, exposed, rules, lang, lesson, caption1, …; see embed.html),
 * as text: the frame never treats it as HTML.
 *
 * The element inserts a sandboxed <iframe> pointing at the site this script was loaded from
 * (derived from the script's own src; loaded when the element comes near the screen), inside a shadow root so the host page's CSS cannot
 * reach it and ours cannot leak out. The frame reports its content height by postMessage
 * (web/embed/frame.js); this script accepts a message only when it comes from the site's origin
 * and from one of its own frames, and only ever sets that frame's height. It makes no other
 * request, reads nothing from the host page and sets no cookies.
 */
(function () {
  "use strict";
  if (window.customElements && window.customElements.get("gong-zhu")) return;

  var script = document.currentScript;
  if (!script) {
    var all = document.querySelectorAll("script[src]");
    for (var i = all.length - 1; i >= 0; i--) {
      if (/(^|\/)embed\.js(\?|#|$)/.test(all[i].getAttribute("src"))) { script = all[i]; break; }
    }
  }
  // The site root is the folder above web/embed.js.
  var SITE = new URL("../", script ? script.src : location.href);
  var ORIGIN = SITE.origin;

  var MODES = {
    calculator: { path: "web/embed/calculator.html", height: 860 },
    replay: { path: "web/embed/replay.html", height: 700 },
    puzzle: { path: "web/embed/puzzle.html", height: 640 },
    game: { path: "web/embed/game.html", height: 640 },
    lesson: { path: "web/embed/lesson.html", height: 760 }
  };
  // Attributes that style or identify the element on the host page, not parameters.
  var NOT_PARAMS = { mode: 1, class: 1, style: 1, id: 1, width: 1, height: 1, hidden: 1, slot: 1, tabindex: 1 };
  var PARAM_NAME = /^[a-z][a-z0-9_-]{0,39}$/;
  // The sandbox the frame needs: scripts (PyScript), and its own origin (module scripts, the
  // WebAssembly runtime and the engine worker are loaded from the site). Nothing else: no
  // top navigation, no popups, no forms.
  var SANDBOX = "allow-scripts allow-same-origin";

  var frames = {};
  var counter = 0;

  function frameUrl(element) {
    var mode = (element.getAttribute("mode") || "calculator").toLowerCase();
    var spec = MODES[mode];
    if (!spec) return { error: "Gong Zhu: unknown mode \u201c" + mode.slice(0, 40) + "\u201d (use calculator, replay, puzzle, game or lesson)." };
    var url = new URL(spec.path, SITE);
    for (var i = 0; i < element.attributes.length; i++) {
      var attr = element.attributes[i];
      var name = attr.name.toLowerCase();
      if (NOT_PARAMS[name] || name.indexOf("aria-") === 0 || name.indexOf("data-") === 0) continue;
      if (PARAM_NAME.test(name)) url.searchParams.set(name, attr.value);
    }
    // Commas are fine in a query and keep card lists readable: cards=QS,KH.
    return { url: url.href.replace(/%2C/gi, ","), height: spec.height, mode: mode };
  }

  // Parameters whose later change (e.g. set by a front-end framework after insertion) reloads the frame.
  var KNOWN = ["mode", "seed", "hand", "hands", "moves", "cards", "exposed", "rules", "lang", "show", "step",
    "names", "title", "leader", "seat", "answer", "question", "explain", "check", "theme", "colours", "lesson"];
  for (var n = 0; n <= 13; n++) KNOWN.push("caption" + n);

  class GongZhu extends HTMLElement {
    static get observedAttributes() { return KNOWN; }

    attributeChangedCallback() {
      var self = this;
      if (!this._frame || this._pending) return;
      this._pending = true;
      Promise.resolve().then(function () {
        self._pending = false;
        var target = frameUrl(self);
        if (target.error || self._url === target.url) return;
        self._url = target.url;
        if (self._frame.getAttribute("src")) self._frame.src = target.url;
      });
    }
  }

  GongZhu.prototype.connectedCallback = function () {
    if (this._frame) { // moved in the page: keep resizing it, start it when it comes near the screen
      frames[this._id] = this._frame;
      watch(this);
    }
    if (this._frame || this._root) return;
    var root = this.attachShadow ? this.attachShadow({ mode: "open" }) : this;
    var style = document.createElement("style");
    style.textContent = ":host{display:block;max-width:100%}iframe{display:block;width:100%;border:0;" +
      "border-radius:8px;background:transparent;transition:height .15s}";
    root.appendChild(style);
    this._root = root;
    var target = frameUrl(this);
    if (target.error) {
      var note = document.createElement("p");
      note.setAttribute("role", "alert");
      note.textContent = target.error;
      root.appendChild(note);
      return;
    }
    var frame = document.createElement("iframe");
    var id = "gz" + (++counter);
    frame.setAttribute("sandbox", SANDBOX);
    frame.setAttribute("loading", "lazy");
    frame.setAttribute("referrerpolicy", "no-referrer");
    frame.setAttribute("title", this.getAttribute("title") || "Gong Zhu " + target.mode);
    var height = parseInt(this.getAttribute("height"), 10);
    frame.style.height = (height > 0 ? Math.min(height, 4000) : target.height) + "px";
    frame.addEventListener("load", function () {
      if (frame.getAttribute("src")) frame.contentWindow.postMessage({ type: "gongzhu:hello", id: id }, ORIGIN);
    });
    frames[id] = frame;
    this._frame = frame;
    this._url = target.url;
    this._id = id;
    root.appendChild(frame);
    watch(this);
  };

  GongZhu.prototype.disconnectedCallback = function () {
    if (this._id) delete frames[this._id];
    if (observer) observer.unobserve(this);
  };

  // A frame loads its page (and starts a Python runtime) only when it comes within a quarter of a
  // screen's height of the viewport, so a post with four embeds does not start four runtimes at
  // once, and a reader who never scrolls to one never downloads it. (The browser's own
  // loading="lazy" starts frames up to 1250-2500 px away: on a phone, every example of a post.)
  function start(element) {
    if (element._frame && !element._frame.getAttribute("src")) element._frame.src = element._url;
  }

  var observer = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      observer.unobserve(entry.target);
      start(entry.target);
    });
  }, { rootMargin: "25% 0px" }) : null;

  function watch(element) {
    if (element._frame.getAttribute("src")) return;
    if (observer) observer.observe(element);
    else start(element);
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== ORIGIN) return;
    var data = event.data;
    if (!data || typeof data !== "object" || data.type !== "gongzhu:size") return;
    var frame = frames[data.id];
    if (!frame || frame.contentWindow !== event.source) return;
    var h = Number(data.height);
    if (!isFinite(h)) return;
    frame.style.height = Math.max(60, Math.min(Math.round(h), 4000)) + "px";
  });

  if (window.customElements) window.customElements.define("gong-zhu", GongZhu);
})();
