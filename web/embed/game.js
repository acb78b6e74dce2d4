// The game and lesson embeds: frame the game page (index.html) with embed=1 and the allowed parameters,
// mark its document as embedded (compact.css), and grow the frame to the game's height.
// Parameters are copied as text into the inner URL; the game page validates them itself.
(function () {
  "use strict";
  var PASSED = ["seed", "rules", "lang", "colours", "lesson"];  // lesson=N: a tutorial lesson (lesson.html)
  var query = new URLSearchParams(location.search);
  var inner = new URL("../../index.html", location.href);
  inner.searchParams.set("embed", "1");
  PASSED.forEach(function (name) {
    var value = query.get(name);
    if (value !== null && value.length <= 100) inner.searchParams.set(name, value);
  });
  if ((query.get("lang") || "").toLowerCase().indexOf("zh") === 0) document.documentElement.lang = "zh-Hans";

  var main = document.getElementById("embed");
  var frame = document.createElement("iframe");
  frame.className = "game-frame";
  frame.title = document.documentElement.lang === "zh-Hans" ? "拱猪" : "Gong Zhu";
  frame.src = inner.href;

  function compact(doc) {
    // The game page may know embed=1 itself; this class and stylesheet make it compact either way.
    if (!doc || doc.documentElement.classList.contains("gz-embed")) return;
    doc.documentElement.classList.add("gz-embed");
    // theme=light (frame.js marks this page) keeps the game's dialogs light on a light blog (style.css);
    // otherwise they follow the reader's system, as on the site.
    if (document.documentElement.getAttribute("data-theme") === "light") {
      doc.documentElement.setAttribute("data-theme", "light");
    }
    var link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("compact.css", location.href).href;
    doc.head.appendChild(link);
  }

  function fit() {
    var doc = frame.contentDocument;
    if (!doc || !doc.body) return;
    var h = Math.ceil(doc.documentElement.scrollHeight);
    if (h > 0 && Math.abs(h - frame.offsetHeight) > 2) frame.style.height = Math.min(h, 2400) + "px";
    if (doc.documentElement.classList.contains("ready")) document.documentElement.classList.add("ready");
    if (doc.documentElement.classList.contains("failed")) document.documentElement.classList.add("failed");
  }

  frame.addEventListener("load", function () {
    var note = document.getElementById("embed-loading");
    if (note) note.hidden = true;
    compact(frame.contentDocument);
    fit();
    if (window.ResizeObserver && frame.contentDocument) {
      new ResizeObserver(fit).observe(frame.contentDocument.documentElement);
    }
    var checks = 0;
    var timer = setInterval(function () {
      fit();
      if (++checks > 120) clearInterval(timer);
    }, 500);
  });
  main.appendChild(frame);
})();
