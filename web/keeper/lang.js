// Sets <html lang> to the language the site remembers (the main page's "gongzhu.settings".lang),
// before the page paints, so the keeper and rules pages open in the reader's language at once.
// First visit: the browser's language (Chinese when it starts with "zh"), else English.
(function () {
  var lang = null;
  try {
    var s = JSON.parse(localStorage.getItem("gongzhu.settings") || "null");
    if (s && (s.lang === "en" || s.lang === "zh")) lang = s.lang;
  } catch (e) { /* no storage: fall back below */ }
  if (!lang) lang = /^zh/i.test(navigator.language || "") ? "zh" : "en";
  var html = document.documentElement;
  html.lang = lang === "zh" ? "zh-Hans" : "en";
  html.setAttribute("data-lang", lang);
})();
