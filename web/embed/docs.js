// embed.html: the English/Chinese switch, the live examples in the chosen language, and the
// copyable snippets (the <gong-zhu> element and the plain <iframe>), built from each example's
// own attributes and this site's address, so what you copy is exactly what you see.
(function () {
  "use strict";
  var SITE = new URL(".", location.href).href;
  var PAGES = { calculator: "calculator", replay: "replay", puzzle: "puzzle", game: "game", lesson: "lesson" };
  var HEIGHTS = { calculator: 860, replay: 700, puzzle: 640, game: 640, lesson: 760 };  // as web/embed.js
  var examples = [];

  function escapeAttr(text) {
    return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function elementSnippet(attrs) {
    var parts = ["<gong-zhu"];
    attrs.forEach(function (a) { parts.push(" " + a[0] + '="' + escapeAttr(a[1]) + '"'); });
    return '<script src="' + SITE + 'web/embed.js" async></script>\n' + parts.join("") + "></gong-zhu>";
  }

  function iframeSnippet(attrs) {
    var mode = "calculator";
    var url = null;
    attrs.forEach(function (a) { if (a[0] === "mode") mode = a[1]; });
    url = new URL("web/embed/" + (PAGES[mode] || "calculator") + ".html", SITE);
    attrs.forEach(function (a) { if (a[0] !== "mode") url.searchParams.set(a[0], a[1]); });
    return '<iframe src="' + escapeAttr(url.href.replace(/%2C/gi, ",")) + '" sandbox="allow-scripts allow-same-origin" loading="lazy" ' +
      'referrerpolicy="no-referrer" title="Gong Zhu ' + mode + '" style="width:100%;height:' +
      (HEIGHTS[mode] || 600) + 'px;border:0"></iframe>';
  }

  function render(example, lang) {
    var attrs = example.attrs.filter(function (a) { return a[0] !== "lang"; });
    if (lang === "zh") {
      // The example's own words (a replay's captions) in Chinese: its data-zh-* attributes.
      attrs = attrs.map(function (a) { return example.zh[a[0]] ? [a[0], example.zh[a[0]]] : a; });
      attrs.push(["lang", "zh"]);
    }
    if (attrs.length !== example.live.attributes.length || attrs.some(function (a) {
      return example.live.getAttribute(a[0]) !== a[1];
    })) { // a fresh element (and frame) in the other language; the same one if nothing changed
      var fresh = document.createElement("gong-zhu");
      attrs.forEach(function (a) { fresh.setAttribute(a[0], a[1]); });
      example.live.replaceWith(fresh);
      example.live = fresh;
    }
    example.figure.querySelector("[data-snippet=element]").textContent = elementSnippet(attrs);
    example.figure.querySelector("[data-snippet=iframe]").textContent = iframeSnippet(attrs);
  }

  function setLang(lang) {
    document.documentElement.lang = lang === "zh" ? "zh-Hans" : "en";
    document.documentElement.setAttribute("data-lang", lang);
    document.querySelectorAll("[data-set-lang]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.getAttribute("data-set-lang") === lang ? "true" : "false");
    });
    examples.forEach(function (example) { render(example, lang); });
  }

  function copy(button) {
    var code = button.parentNode.querySelector("code");
    var done = function () {
      if (button.hasAttribute("data-copied")) return;
      var label = Array.prototype.slice.call(button.childNodes);  // "Copy" in both languages
      button.setAttribute("data-copied", "");
      button.textContent = document.documentElement.getAttribute("data-lang") === "zh" ? "已复制" : "Copied";
      setTimeout(function () {
        button.replaceChildren.apply(button, label);
        button.removeAttribute("data-copied");
      }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(code.textContent).then(done, function () { select(code); });
    } else {
      select(code);
    }
  }

  function select(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  document.querySelectorAll("figure.example").forEach(function (figure) {
    var live = figure.querySelector("gong-zhu");
    var attrs = [];
    var zh = {};
    for (var i = 0; i < live.attributes.length; i++) {
      var name = live.attributes[i].name;
      var value = live.attributes[i].value;
      if (name.indexOf("data-zh-") === 0) zh[name.slice(8)] = value;
      else attrs.push([name, value]);
    }
    // Off the element (web/embed.js ignores data-*), so that in English it stays as it is.
    Object.keys(zh).forEach(function (name) { live.removeAttribute("data-zh-" + name); });
    examples.push({ figure: figure, live: live, attrs: attrs, zh: zh });
  });
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () { copy(button); });
  });
  document.querySelectorAll("[data-set-lang]").forEach(function (button) {
    button.addEventListener("click", function () { setLang(button.getAttribute("data-set-lang")); });
  });
  document.querySelectorAll("[data-site]").forEach(function (node) { node.textContent = SITE; });
  var asked = new URLSearchParams(location.search).get("lang") || "";
  setLang(asked.toLowerCase().indexOf("zh") === 0 ? "zh" : "en");
  document.documentElement.classList.add("ready");
})();
