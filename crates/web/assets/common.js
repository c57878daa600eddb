// What loki's two pages share (the single table's app.js and the rooms' room.js, each
// loaded after this file): finding an element, making one with its text (every text goes
// through textContent), the suits' signs, and the JSON API's fetch, which answers
// { ok, status, data } with data the server's JSON or, when the answer is not JSON,
// { error } naming the status.
"use strict";
window.loki = (() => {
  const $ = (id) => document.getElementById(id);
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  async function api(method, path, body) {
    const opts = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch(path, opts);
    let data;
    try {
      data = await r.json();
    } catch (_) {
      data = { error: "the server answered " + r.status };
    }
    return { ok: r.ok, status: r.status, data };
  }

  return { $, SUITS, el, api };
})();
