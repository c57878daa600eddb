// loki's page: renders the table view the server sends (GET /api/state) and sends the
// person's choices (POST /api/act, /api/next, /api/model, /api/join, /api/leave).
// Plain JavaScript, no libraries; every text goes through textContent.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  const RANKS = "AKQJT98765432";
  const SVG = "http://www.w3.org/2000/svg";
  let state = null;
  let busy = false;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function message(text) {
    $("message").textContent = text || "";
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

  function setBusy(on) {
    for (const id of ["act-fold", "act-call", "act-raise", "next-hand", "join-button", "model-toggle", "leave"]) {
      $(id).disabled = on;
    }
    $("waiting").textContent = on ? "..." : "";
  }

  function showJoin() {
    state = null;
    $("join").hidden = false;
    $("game").hidden = true;
    $("controls").hidden = true;
    document.body.dataset.view = "join";
  }

  async function load() {
    try {
      const r = await api("GET", "/api/state");
      if (r.status === 401) return showJoin();
      if (!r.ok) return message(r.data.error);
      render(r.data);
    } catch (e) {
      message("the server cannot be reached: " + e);
    }
  }

  async function send(path, body) {
    if (busy) return;
    busy = true;
    setBusy(true);
    message("");
    try {
      const r = await api("POST", path, body);
      if (r.ok) {
        render(r.data);
      } else {
        message(r.data.error || "error " + r.status);
        if (r.status === 401) showJoin();
        else await load();
      }
    } catch (e) {
      message("the server cannot be reached: " + e);
    } finally {
      busy = false;
      setBusy(false);
    }
  }

  function cardText(c) {
    return (c[0] === "T" ? "10" : c[0]) + SUITS[c[1]];
  }

  function card(c) {
    const e = el("span", "card" + (c[1] === "h" || c[1] === "d" ? " red" : ""));
    e.dataset.card = c;
    e.append(el("span", "rank", c[0] === "T" ? "10" : c[0]), el("span", "suit", SUITS[c[1]]));
    return e;
  }

  function holding(h) {
    return cardText(h.slice(0, 2)) + cardText(h.slice(2, 4));
  }

  function signed(x) {
    return x > 0 ? "+" + x : String(x);
  }

  function render(s) {
    state = s;
    document.body.dataset.view = "game";
    document.body.dataset.step = s.step;
    $("join").hidden = true;
    $("game").hidden = false;
    $("controls").hidden = false;
    $("model-toggle").checked = s.show_model;
    const [sb, bb, small, big] = s.stakes;
    $("hand-info").textContent =
      (s.hand ? "Hand " + s.hand + " \u00b7 " + (s.round || "over") : "") +
      " \u00b7 " + small + "/" + big + " (blinds " + sb + "/" + bb + ")";
    $("board").replaceChildren(...s.board.map(card));
    $("pot").textContent = "Pot " + s.pot;
    renderSeats(s);
    renderActions(s);
    renderLog(s);
    renderBankroll(s.bankroll);
    $("layout").classList.toggle("with-model", !!s.model);
    if (s.model) {
      $("model-panel").hidden = false;
      renderModels(s.model);
    } else {
      $("model-panel").hidden = true;
      $("models").replaceChildren();
    }
  }

  function renderSeats(s) {
    const n = s.seats.length;
    const winners = new Set(s.result ? s.result.winners : []);
    const box = $("seats");
    box.replaceChildren();
    for (const seat of s.seats) {
      const i = (seat.seat - s.you + n) % n;
      const angle = Math.PI / 2 + (i * 2 * Math.PI) / n;
      const e = el("div", "seat");
      e.id = "seat-" + seat.seat;
      e.style.left = 50 + 41 * Math.cos(angle) + "%";
      e.style.top = 50 + 41 * Math.sin(angle) + "%";
      if (seat.seat === s.you) e.classList.add("you");
      if (seat.to_act) e.classList.add("to-act");
      if (seat.folded) e.classList.add("folded");
      if (winners.has(seat.seat)) e.classList.add("winner");
      const name = el("div", "name", seat.name + " ");
      name.append(el("span", "kind", seat.seat === s.you ? "(you)" : seat.kind));
      if (seat.role) name.prepend(el("span", "role", seat.role));
      const cards = el("div", "cards");
      if (seat.cards) {
        cards.append(card(seat.cards.slice(0, 2)), card(seat.cards.slice(2, 4)));
      } else if (s.hand && !seat.folded) {
        cards.append(el("span", "card back"), el("span", "card back"));
      }
      const line = el("div", "line");
      line.append(el("span", null, seat.bet ? "bet " + seat.bet : ""), el("span", "net", signed(seat.net)));
      e.append(name, cards, line, el("div", "last", seat.last_action || ""));
      box.append(e);
    }
  }

  function renderActions(s) {
    const l = s.legal;
    const show = (id, on, text) => {
      $(id).hidden = !on;
      if (text) $(id).textContent = text;
    };
    show("act-fold", !!(l && l.fold), "Fold");
    show("act-call", !!(l && l.call), l && l.call_label ? l.call_label[0].toUpperCase() + l.call_label.slice(1) : "");
    show("act-raise", !!(l && l.raise), l && l.raise_label ? l.raise_label[0].toUpperCase() + l.raise_label.slice(1) : "");
    show("next-hand", !s.in_progress, "Next hand");
  }

  function renderLog(s) {
    const box = $("log");
    box.replaceChildren();
    for (const entry of s.log) {
      const li = el("li", null, entry.text);
      if (entry.seat === null) li.classList.add("board");
      else if (entry.seat === s.you) li.classList.add("you");
      box.append(li);
    }
    box.scrollTop = box.scrollHeight;
  }

  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  function renderBankroll(series) {
    const values = [0, ...series];
    const w = 460, h = 180, left = 40, right = 10, top = 10, bottom = 22;
    const lo = Math.min(0, ...values), hi = Math.max(0, ...values);
    const span = hi - lo || 1;
    const x = (i) => left + ((w - left - right) * i) / Math.max(1, values.length - 1);
    const y = (v) => top + ((h - top - bottom) * (hi - v)) / span;
    const chart = svg("svg", { viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": "bankroll after each hand" });
    chart.append(svg("line", { class: "axis", x1: left, y1: top, x2: left, y2: h - bottom }));
    chart.append(svg("line", { class: "zero", x1: left, y1: y(0), x2: w - right, y2: y(0) }));
    const points = values.map((v, i) => x(i).toFixed(1) + "," + y(v).toFixed(1)).join(" ");
    chart.append(svg("polyline", { class: "line", points }));
    const label = (text, xx, yy, anchor) => {
      const t = svg("text", { x: xx, y: yy, "text-anchor": anchor });
      t.textContent = text;
      chart.append(t);
    };
    label(String(hi), left - 4, top + 8, "end");
    label(String(lo), left - 4, h - bottom, "end");
    label("hands: " + series.length, w - right, h - 6, "end");
    $("bankroll").replaceChildren(chart);
    const last = series.length ? series[series.length - 1] : 0;
    const bet = state ? state.stakes[2] : 2;
    $("bankroll-text").textContent =
      signed(last) + " chips after " + series.length + " hands" +
      (series.length ? " (" + (last / bet / series.length).toFixed(2) + " small bets per hand)" : "");
    $("bankroll-text").dataset.net = last;
  }

  function pct(x) {
    return (100 * x).toFixed(1) + "%";
  }

  function num(name, v) {
    return el("span", null, name + " " + (v === null || v === undefined ? "-" : v.toFixed(3)));
  }

  function renderModels(models) {
    const box = $("models");
    box.replaceChildren();
    for (const m of models) {
      const d = el("div", "model");
      d.dataset.seat = m.seat;
      d.append(el("h3", null, m.name + " (" + m.kind + ")" + (m.folded ? " \u00b7 folded" : "")));
      const dec = el("div", "decision");
      if (m.last) {
        const t = m.last.triple;
        const bar = el("span", "triple");
        bar.title = "fold " + pct(t[0]) + ", call " + pct(t[1]) + ", raise " + pct(t[2]);
        [["f", t[0]], ["c", t[1]], ["r", t[2]]].forEach(([k, p]) => {
          const seg = el("span", k);
          seg.style.width = 100 * p + "%";
          bar.append(seg);
        });
        const nums = el("span", "numbers");
        nums.append(num("HS", m.last.hs), num("HS_n", m.last.hs_n), num("PPot", m.last.ppot), num("NPot", m.last.npot),
          num("PPot1", m.last.ppot1), num("EHS", m.last.ehs), num("pot odds", m.last.pot_odds));
        dec.append(el("span", null, "last decision (" + m.last.round + "): "), el("span", "rule", m.last.action + " by rule " + m.last.rule), bar, nums);
        if (m.last.simulation) {
          const ev = m.last.simulation[0].map(x => x === null ? "-" : (x >= 0 ? "+" : "") + x.toFixed(2));
          dec.append(el("div", "numbers", "simulated value (chips, " + m.last.simulation[1] + " trials): fold " + ev[0] + " call " + ev[1] + " raise " + ev[2]));
        }
      } else {
        dec.textContent = "no decision yet in this hand";
      }
      d.append(dec);
      const beliefs = el("div", "beliefs");
      for (const b of m.beliefs) beliefs.append(renderBelief(b));
      d.append(beliefs);
      box.append(d);
    }
  }

  function className(r, c) {
    if (r === c) return RANKS[r] + RANKS[c];
    return r < c ? RANKS[r] + RANKS[c] + "s" : RANKS[c] + RANKS[r] + "o";
  }

  function renderBelief(b) {
    const w = el("div", "belief");
    w.dataset.about = b.seat;
    w.append(el("h4", null, "about " + b.name));
    let info = b.actions_seen + " actions seen";
    if (b.frequencies) {
      const f = b.frequencies;
      info += "; f/c/r " + f.map((x) => x.toFixed(2)).join("/") + " (" + b.observations + " obs.)";
    }
    if (b.hs !== null && b.hs !== undefined) info += "; HS vs. " + b.hs.toFixed(3);
    w.append(el("div", "info", info));
    let max = 0;
    for (const row of b.grid) for (const v of row) if (v !== null && v > max) max = v;
    const grid = el("div", "grid");
    grid.setAttribute("role", "img");
    grid.setAttribute("aria-label", "starting-hand chart of the weights");
    b.grid.forEach((row, r) =>
      row.forEach((v, c) => {
        const cell = el("div", null, className(r, c));
        if (v === null) {
          cell.classList.add("none");
          cell.title = className(r, c) + ": ruled out by the board";
        } else {
          const a = max > 0 ? v / max : 0;
          cell.style.background = "rgba(31, 107, 69, " + a.toFixed(3) + ")";
          if (a > 0.55) cell.classList.add("dark");
          cell.title = className(r, c) + ": weight " + v.toFixed(3);
        }
        if (b.shown && b.shown.row === r && b.shown.col === c) cell.classList.add("shown");
        grid.append(cell);
      })
    );
    w.append(grid);
    const top = el("ul", "top");
    const shares = b.top.map((h) => h.share);
    if (shares.length > 1 && Math.max(...shares) === Math.min(...shares)) {
      top.append(el("li", "uniform", "no holding stands out: the top ones weigh " + pct(shares[0]) + " each"));
    } else {
      for (const h of b.top.slice(0, 6)) top.append(el("li", null, holding(h.cards) + " " + pct(h.share)));
    }
    w.append(top);
    if (b.shown) {
      const m = b.shown;
      w.append(el("div", "mark",
        "showed " + holding(m.cards) + " (" + m.class + "): " + pct(m.above) +
        " of the holdings weighed more; weight " + m.relative.toFixed(2) + " of the heaviest"));
    }
    return w;
  }

  function act(action) {
    if (!state) return;
    send("/api/act", { seat: state.you, action, step: state.step });
  }

  $("act-fold").addEventListener("click", () => act("fold"));
  $("act-call").addEventListener("click", () => act("call"));
  $("act-raise").addEventListener("click", () => act("raise"));
  $("next-hand").addEventListener("click", () => state && send("/api/next", { step: state.step }));
  $("model-toggle").addEventListener("change", (e) => send("/api/model", { show: e.target.checked }));
  $("leave").addEventListener("click", async () => {
    await api("POST", "/api/leave");
    showJoin();
  });
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send("/api/join", { name: $("join-name").value, show_model: $("join-model").checked });
  });
  load();
})();
