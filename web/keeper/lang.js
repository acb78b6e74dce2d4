// Sets <html lang> before the page paints, so the keeper and rules pages open in the reader's
// language at once: a link's `?lang=zh` / `?lang=en` (zh-CN, en-GB… too) for this visit, not
// remembered; else the language the site remembers (the main page's "gongzhu.settings".lang);
// first visit: the browser's language (Chinese when it starts with "zh"), else English.
// A link's language that is neither is ignored, and the page says so at the top of <main>.
(function () {
  var lang = null;
  var refused = null;
  var html = document.documentElement;
  var m = /[?&]lang=([^&#]*)/.exec(location.search);
  if (m) {
    var raw = m[1];
    try { raw = decodeURIComponent(raw.replace(/\+/g, " ")); } catch (e) { /* keep it as typed */ }
    if (/^\s*zh/i.test(raw)) lang = "zh";
    else if (/^\s*en/i.test(raw)) lang = "en";
    else refused = raw.slice(0, 40);
    if (lang) html.setAttribute("data-lang-link", lang); // keeper: not overridden by the remembered one
  }
  if (!lang) {
    try {
      var s = JSON.parse(localStorage.getItem("gongzhu.settings") || "null");
      if (s && (s.lang === "en" || s.lang === "zh")) lang = s.lang;
    } catch (e) { /* no storage: fall back below */ }
  }
  if (!lang) lang = /^zh/i.test(navigator.language || "") ? "zh" : "en";
  html.lang = lang === "zh" ? "zh-Hans" : "en";
  html.setAttribute("data-lang", lang);
  if (refused !== null) {
    document.addEventListener("DOMContentLoaded", function () {
      var note = document.createElement("p");
      note.className = "url-notice";
      note.setAttribute("role", "status");
      note.textContent = lang === "zh"
        ? "已忽略语言“" + refused + "”：请使用 en 或 zh。"
        : "Ignored language “" + refused + "”: use en or zh.";
      var main = document.querySelector("main") || document.body;
      main.insertBefore(note, main.firstChild);
    });
  }
})();
