// The rules page's language switch: both languages are in the markup (.en / .zh), <html data-lang>
// picks one (set before the first paint by lang.js). The choice is remembered where the whole site
// keeps it: the "lang" of the main page's settings (localStorage "gongzhu.settings", JSON).
(function () {
  var KEY = "gongzhu.settings";
  var TITLES = { en: "Gong Zhu rules · 拱猪规则", zh: "拱猪规则 · Gong Zhu rules" };

  function current() {
    return document.documentElement.getAttribute("data-lang") === "zh" ? "zh" : "en";
  }

  function apply(lang) {
    var html = document.documentElement;
    html.setAttribute("data-lang", lang);
    html.lang = lang === "zh" ? "zh-Hans" : "en";
    document.title = TITLES[lang];
    var button = document.getElementById("lang-button");
    if (button) button.setAttribute("aria-label", lang === "zh" ? "Switch to English" : "切换到中文");
  }

  function remember(lang) {
    try {
      var settings = JSON.parse(localStorage.getItem(KEY) || "null");
      if (!settings || typeof settings !== "object" || Array.isArray(settings)) settings = { v: 1 };
      settings.lang = lang;
      localStorage.setItem(KEY, JSON.stringify(settings));
    } catch (e) { /* storage unavailable: the switch still works for this visit */ }
  }

  apply(current());
  document.getElementById("lang-button").addEventListener("click", function () {
    var lang = current() === "zh" ? "en" : "zh";
    apply(lang);
    remember(lang);
  });
  document.documentElement.classList.add("ready");
})();
