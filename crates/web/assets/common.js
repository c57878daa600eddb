// What loki's one page shares between its two controllers (app.js: a table of one
// person and bots at /; room.js: the lobby at /lobby and a room at /room/<id>, each
// loaded after this file and each running only on its own paths): finding an element,
// making one with its text (every text goes through textContent), the JSON API's fetch
// (it answers { ok, status, data } with data the server's JSON or, when the answer is
// not JSON, { error } naming the status), and the table itself: the felt, the seats on
// an oval (dealer button, card backs for the players still in, bets, net and HUD), the
// hand's log replayed at the bots' pace, the bankroll, What Loki believes, the
// pre-actions (check/fold, call any) and the signals of the person's turn (the tab's
// title and icon, a sound if asked for); and the last finished hand replayed on demand.
"use strict";
window.loki = (() => {
  const $ = (id) => document.getElementById(id);
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  const RANKS = "AKQJT98765432";
  const SVG = "http://www.w3.org/2000/svg";
  const TITLE = document.title;
  // The controller's part: { delay(): ms between paced lines, paced(e, s), busy(on)
  // during a replay, render(s): its own controls, act(action), next label, lastPath:
  // the last hand's address }.
  let hooks = null;
  let state = null; // the last state rendered
  let replaying = false;
  let pending = null; // a state that arrived during a replay
  let shown = { hand: null, count: 0 }; // log lines displayed of the current hand
  let turnStep = null; // the step of the turn last signalled
  const collapsed = new Set(); // the seats whose model view is folded away
  // When each paced step of a replay was shown (ms): for the page's tests.
  window.lokiReplay = [];

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

  function sleep(ms) {
    return new Promise((done) => setTimeout(done, ms));
  }

  // ---- The pace of the bots: the page's choice, or the tab's own (`loki-pace` in its
  // session storage, which the page's tests set) ----
  function delay() {
    const forced = sessionStorage.getItem("loki-pace");
    return Number(forced !== null ? forced : $("speed").value) || 0;
  }

  // ---- Replaying a hand's log one line at a time ----
  function labelOf(e, s) {
    const name = s.seats[e.seat].name;
    return e.text.startsWith(name + " ") ? e.text.slice(name.length + 1) : e.text;
  }

  // The table as it was before a new hand's first line.
  function blank(s) {
    return {
      pot: 0,
      board: [],
      seats: s.seats.map((x) => ({ ...x, bet: 0, last_action: null, folded: false, to_act: false, cards: null })),
    };
  }

  // The table as the last rendered state shows it.
  function current(s) {
    const prev = state && state.hand === s.hand ? state : null;
    if (!prev) return blank(s);
    return {
      pot: prev.pot,
      board: prev.board.slice(),
      seats: s.seats.map((x, i) => ({ ...x, bet: prev.seats[i].bet, last_action: prev.seats[i].last_action, folded: prev.seats[i].folded, to_act: false, cards: prev.seats[i].cards })),
    };
  }

  function apply(d, e, s) {
    d.pot = e.pot;
    const seat = e.seat === null ? null : d.seats[e.seat];
    switch (e.kind) {
      case "blind":
        seat.bet = e.bet;
        seat.last_action = labelOf(e, s);
        break;
      case "dealt":
        seat.cards = (s.seats[s.you] || {}).cards;
        break;
      case "board":
        d.board = e.board;
        for (const x of d.seats) {
          x.bet = 0;
          x.last_action = null;
        }
        break;
      case "action":
        seat.bet = e.bet;
        seat.last_action = labelOf(e, s);
        if (e.action === "fold") seat.folded = true;
        break;
      default:
        break;
    }
  }

  // A new state: rendered at once, or after its new lines are replayed at the bots' pace
  // (`pace`: not a reload). A state that arrives during a replay is shown after it.
  async function receive(s, pace = true) {
    if (replaying) {
      pending = s;
      return;
    }
    const fresh = !state || s.hand !== shown.hand;
    const from = fresh ? 0 : Math.min(shown.count, s.log.length);
    const lines = s.log.slice(from);
    if (!pace || delay() === 0 || !lines.some((e) => hooks.paced(e, s))) {
      shown = { hand: s.hand, count: s.log.length };
      render(s);
      return;
    }
    await replay(s, fresh ? blank(s) : current(s), from, (e) => hooks.paced(e, s));
    shown = { hand: s.hand, count: s.log.length };
    await done(s);
  }

  // Lines `from` on of the log of `s` played on the table `d` up to the showdown, the
  // `paced` ones at the bots' pace.
  async function replay(s, d, from, paced) {
    replaying = true;
    document.body.dataset.replaying = "1";
    showGame();
    hooks.busy(true);
    for (const id of ["act-fold", "act-call", "act-raise", "next-hand", "last-hand", "pre-actions"]) $(id).hidden = true;
    $("banner").replaceChildren();
    for (let i = from; i < s.log.length; i++) {
      const e = s.log[i];
      if (e.kind === "show" || e.kind === "win") break;
      if (paced(e)) {
        // Whose turn it is while the bot "thinks".
        for (const x of d.seats) x.to_act = e.kind === "action" && x.seat === e.seat;
        renderTable(s, d, i);
        const ms = delay();
        if (ms > 0) await sleep(ms);
        window.lokiReplay.push(performance.now());
      }
      apply(d, e, s);
      for (const x of d.seats) x.to_act = false;
      renderTable(s, d, i + 1);
    }
  }

  // The end of a replay: `s` rendered, then a state that arrived meanwhile.
  async function done(s) {
    replaying = false;
    document.body.dataset.replaying = "0";
    render(s);
    hooks.busy(false);
    if (pending) {
      const next = pending;
      pending = null;
      await receive(next);
    }
  }

  // The last finished hand (the server's account of it for this page: the person's own
  // cards and those shown at its showdown) replayed from its start at the pace, its end
  // shown for a while, then the live table again.
  async function lastHand() {
    if (replaying || !state) return;
    const r = await api("GET", hooks.lastPath);
    if (!r.ok || !r.data || replaying) return message(r.ok ? "" : r.data.error);
    const [live, was] = [state, shown];
    const h = { ...live, ...r.data, round: "last hand" };
    document.body.dataset.lastHand = h.hand;
    await replay(h, blank(h), 0, (e) => e.kind === "action" || e.kind === "board");
    renderTable(h, null, h.log.length);
    await sleep(Math.max(2000, 3 * delay()));
    delete document.body.dataset.lastHand;
    shown = was;
    await done(live);
  }

  // ---- Rendering ----
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

  function pct0(x) {
    return Math.round(100 * x) + "%";
  }

  function showGame() {
    document.body.dataset.view = "game";
    for (const id of ["join", "lobby", "room-join"]) if ($(id)) $(id).hidden = true;
    $("game").hidden = false;
    $("controls").hidden = false;
    fitTable();
  }

  // The table's height fits the window: the room between its top and the buttons and
  // message below it (the style sheet bounds it), so that the buttons need no scroll.
  function fitTable() {
    if ($("game").hidden) return;
    const below = (id) => {
      const e = $(id);
      const cs = getComputedStyle(e);
      return e.offsetHeight + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom);
    };
    const top = $("table").getBoundingClientRect().top + window.scrollY;
    const room = Math.floor(window.innerHeight - top - below("actions") - below("message"));
    $("table").style.setProperty("--room", room + "px");
  }

  function render(s) {
    state = s;
    showGame();
    document.body.dataset.step = s.step;
    $("model-toggle").checked = s.show_model;
    renderTable(s, null, s.log.length);
    renderActions(s);
    renderBankroll(s.bankroll);
    $("layout").classList.toggle("with-model", !!s.model);
    if (s.model) {
      $("model-panel").hidden = false;
      renderModels(s.model, s);
    } else {
      $("model-panel").hidden = true;
      $("models").replaceChildren();
    }
    hooks.render(s);
    signalTurn(s);
  }

  // The felt, the seats and the log: of the state `s`, or of the replay's table `d`
  // after `count` lines of the log.
  function renderTable(s, d, count) {
    const [sb, bb, small, big] = s.stakes;
    const round = d ? null : s.round;
    $("hand-info").textContent =
      (s.hand ? "Hand " + s.hand + (d ? "" : " \u00b7 " + (round || "over")) : "") +
      " \u00b7 " + small + "/" + big + " (blinds " + sb + "/" + bb + ")" + (s.study ? " \u00b7 study mode" : "");
    const board = d ? d.board : s.board;
    $("board").replaceChildren(...board.map(card));
    $("pot").textContent = "Pot " + (d ? d.pot : s.pot);
    const banner = $("banner");
    banner.replaceChildren();
    if (!d && s.result) for (const line of s.result.banner) banner.append(el("div", null, line));
    renderSeats(s, d);
    renderLog(s, count);
  }

  function hudLines(h, you) {
    const box = el("div", "hud");
    const af = h.af === null || h.af === undefined ? "-" : h.af.toFixed(1);
    if (you) box.append(el("div", "seen", "how the bots see you:"));
    box.append(el("div", null, "VPIP " + pct0(h.vpip) + " PFR " + pct0(h.pfr)));
    box.append(el("div", null, "AF " + af + " \u00b7 " + h.hands + (h.hands === 1 ? " hand" : " hands")));
    box.title = (you ? "How the bots see you (your stored profile and this session): " : "At this table: ") +
      "VPIP " + pct0(h.vpip) + " (voluntarily put chips in pre-flop), PFR " + pct0(h.pfr) +
      " (raised pre-flop), aggression factor " + af + " (bets and raises per call after the flop), " + h.hands + " hands";
    box.dataset.vpip = h.vpip;
    box.dataset.pfr = h.pfr;
    box.dataset.af = h.af === null ? "" : h.af;
    box.dataset.hands = h.hands;
    return box;
  }

  function renderSeats(s, d) {
    const n = s.seats.length;
    const winners = new Set(!d && s.result ? s.result.winners : []);
    const box = $("seats");
    box.replaceChildren();
    // Seven seats or more: smaller seats around a taller table (the radii and sizes keep
    // every seat off the felt and off its neighbours; the page's tests check it).
    const many = n >= 7;
    $("table").classList.toggle("many", many);
    const [rx, ry, hw] = many ? [44, 43, 64] : [44, 41, 74];
    for (const base of s.seats) {
      const seat = d ? d.seats[base.seat] : base;
      const i = (seat.seat - s.you + n) % n;
      const angle = Math.PI / 2 + (i * 2 * Math.PI) / n;
      const e = el("div", "seat");
      e.id = "seat-" + seat.seat;
      // Inside the table's box (`hw`: a little more than half a seat's width).
      e.style.left = "clamp(" + hw + "px, " + (50 + rx * Math.cos(angle)) + "%, calc(100% - " + hw + "px))";
      // (72px at the bottom: the person's seat is the tallest, with how the bots see them.)
      e.style.top = "clamp(64px, " + (50 + ry * Math.sin(angle)) + "%, calc(100% - 72px))";
      if (seat.seat === s.you) e.classList.add("you");
      if (seat.to_act && (d || s.in_progress)) e.classList.add("to-act");
      if (seat.folded) e.classList.add("folded");
      if (winners.has(seat.seat)) e.classList.add("winner");
      // In a room: a seat open for a person, and people away.
      const open = s.open_seats && s.open_seats.includes(seat.seat);
      const away = s.people && s.people.some((p) => p.seat === seat.seat && !p.present);
      const name = el("div", "name", (open ? "open seat" : seat.name) + " ");
      name.append(el("span", "kind", seat.seat === s.you ? "(you)" : away ? "away" : open ? "" : seat.kind));
      if (open) e.classList.add("open");
      if (seat.role) name.prepend(el("span", "role", seat.role));
      name.title = seat.name;
      const cards = el("div", "cards");
      if (seat.cards) {
        cards.append(card(seat.cards.slice(0, 2)), card(seat.cards.slice(2, 4)));
      } else if (s.hand && !seat.folded && seat.position !== null) {
        cards.append(el("span", "card back"), el("span", "card back"));
      }
      const line = el("div", "line");
      line.append(el("span", null, seat.bet ? "bet " + seat.bet : ""), el("span", "net", signed(seat.net)));
      const last = el("div", "last", seat.folded && !seat.last_action ? "folded" : seat.last_action || "");
      e.append(name, cards, line, last);
      if (!open) e.append(hudLines(seat.hud, seat.seat === s.you));
      box.append(e);
    }
  }

  function keyed(button, text, key) {
    const k = el("kbd", null, key);
    button.replaceChildren(document.createTextNode(text), k);
  }

  // The person's buttons; while another player is to act, the pre-actions (kept until
  // the person's turn, cleared once the person is out of the hand).
  function renderActions(s) {
    const l = s.your_turn ? s.legal : null;
    const cap = (t) => t[0].toUpperCase() + t.slice(1);
    const show = (id, on, text, key) => {
      $(id).hidden = !on;
      if (on) keyed($(id), text, key);
    };
    show("act-fold", !!(l && l.fold), "Fold", "f");
    show("act-call", !!(l && l.call), l && l.call_label ? cap(l.call_label) : "", "c");
    show("act-raise", !!(l && l.raise), l && l.raise_label ? cap(l.raise_label) : "", "r");
    show("next-hand", !s.in_progress && hooks.nextShown(s), hooks.nextLabel, "space");
    show("last-hand", s.hands_played > 0, "Last hand", "l");
    const me = s.seats[s.you];
    const inHand = s.in_progress && me && me.position !== null && !me.folded;
    $("pre-actions").hidden = !inHand || !!l;
    if (!inHand) $("pre-fold").checked = $("pre-call").checked = false;
  }

  // The person's turn: the tab's title and icon say so, and a sound if asked for; a
  // pre-action chosen before the turn is sent now.
  function signalTurn(s) {
    const turn = !!(s.your_turn && s.legal);
    document.title = turn ? "\u25b6 Your turn \u00b7 " + TITLE : TITLE;
    $("icon").href = turn ? "/favicon-turn.svg" : "/favicon.svg";
    document.body.dataset.turn = turn ? "1" : "0";
    if (!turn || turnStep === s.step) return;
    turnStep = s.step;
    const free = s.legal.to_call === 0;
    const pre = $("pre-call").checked ? "call" : $("pre-fold").checked ? (free ? "call" : "fold") : null;
    $("pre-fold").checked = $("pre-call").checked = false;
    if (pre) setTimeout(() => hooks.act(pre), 0);
    else if ($("sound").checked) beep();
  }

  function beep() {
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      tone.frequency.value = 660;
      tone.connect(audio.destination);
      tone.onended = () => audio.close();
      tone.start();
      tone.stop(audio.currentTime + 0.15);
    } catch (_) {
      // No sound here.
    }
  }

  function renderLog(s, count) {
    const box = $("log");
    box.replaceChildren();
    for (const entry of s.log.slice(0, count)) {
      const li = el("li", null, entry.text);
      if (entry.seat === null) li.classList.add("board");
      else if (entry.kind === "win") li.classList.add("win");
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
    const bet = state.stakes[2];
    $("bankroll-text").textContent =
      signed(last) + " chips after " + series.length + " hands" +
      (series.length ? " (" + (last / bet / series.length).toFixed(2) + " small bets per hand)" : "");
    $("bankroll-text").dataset.net = last;
  }

  function pct(x) {
    if (x > 0 && x < 0.01) return (100 * x).toFixed(2) + "%";
    return (100 * x).toFixed(1) + "%";
  }

  function num(name, v) {
    return el("span", null, name + " " + (v === null || v === undefined ? "-" : v.toFixed(3)));
  }

  function renderModels(models, s) {
    const onlyMe = $("model-me").checked;
    const box = $("models");
    box.replaceChildren();
    for (const m of models) {
      const d = el("details", "model");
      d.dataset.seat = m.seat;
      d.open = !collapsed.has(m.seat);
      d.addEventListener("toggle", () => {
        if (d.open) collapsed.delete(m.seat);
        else collapsed.add(m.seat);
      });
      const head = el("summary", null, m.name + " (" + m.kind + ")" + (m.folded ? " \u00b7 folded" : ""));
      if (m.last) head.append(el("span", "decision-short", " \u00b7 last: " + m.last.action + " on the " + m.last.round));
      d.append(head);
      const dec = el("div", "decision");
      if (m.last && m.revealed) {
        const t = m.last.triple || [0, 0, 0];
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
          const ev = m.last.simulation[0].map((x) => (x === null ? "-" : (x >= 0 ? "+" : "") + x.toFixed(2)));
          dec.append(el("div", "numbers", "simulated value (chips, " + m.last.simulation[1] + " trials): fold " + ev[0] + " call " + ev[1] + " raise " + ev[2]));
        }
      } else if (m.last) {
        dec.append(el("span", null, "last decision: " + m.last.action + " on the " + m.last.round + " (pot odds " + m.last.pot_odds.toFixed(3) + "). "),
          el("span", "hidden", "Its own strength and the rule behind it are shown when the hand is over (study mode shows them now)."));
      } else {
        dec.textContent = "no decision yet in this hand";
      }
      d.append(dec);
      const beliefs = el("div", "beliefs");
      const about = m.beliefs.filter((b) => !onlyMe || b.seat === s.you);
      for (const b of about) beliefs.append(renderBelief(b, s));
      if (!about.length) beliefs.append(el("p", "note", onlyMe ? "no belief about you now (you are not in this hand)" : "no other player in the hand"));
      d.append(beliefs);
      box.append(d);
    }
  }

  function className(r, c) {
    if (r === c) return RANKS[r] + RANKS[c];
    return r < c ? RANKS[r] + RANKS[c] + "s" : RANKS[c] + RANKS[r] + "o";
  }

  function renderBelief(b, s) {
    const w = el("div", "belief" + (b.seat === s.you ? " about-you" : ""));
    w.dataset.about = b.seat;
    w.append(el("h4", null, "about " + b.name + (b.seat === s.you ? " (you)" : "")));
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
    for (const h of b.top) top.append(el("li", null, holding(h.cards) + " " + pct(h.share)));
    w.append(top);
    if (b.top_note) w.append(el("p", "top-note", b.top_note));
    if (b.shown) w.append(el("div", "mark", "showed " + holding(b.shown.cards) + ": " + b.shown.text));
    return w;
  }

  // ---- The person's input ----
  // The line under the table: what went wrong, or nothing.
  const message = (text) => ($("message").textContent = text || "");

  function clicked(f) {
    return (e) => {
      if (e.currentTarget && e.currentTarget.blur) e.currentTarget.blur();
      f();
    };
  }

  for (const a of ["fold", "call", "raise"]) $("act-" + a).addEventListener("click", clicked(() => hooks.act(a)));
  $("next-hand").addEventListener("click", clicked(() => hooks.next()));
  $("last-hand").addEventListener("click", clicked(lastHand));
  $("model-me").addEventListener("change", () => state && state.model && renderModels(state.model, state));
  // One pre-action at a time.
  $("pre-fold").addEventListener("change", () => $("pre-fold").checked && ($("pre-call").checked = false));
  $("pre-call").addEventListener("change", () => $("pre-call").checked && ($("pre-fold").checked = false));
  window.addEventListener("resize", fitTable);
  // The pace and the sound are kept for the next visit (when the browser keeps them).
  const kept = [["speed", "value", "loki-speed"], ["sound", "checked", "loki-sound"]];
  for (const [id, prop, key] of kept) {
    try {
      const saved = window.localStorage.getItem(key);
      if (prop === "checked") $(id).checked = saved === "1";
      else if (saved !== null && [...$(id).options].some((o) => o.value === saved)) $(id).value = saved;
    } catch (_) {
      // No storage: the default.
    }
    $(id).addEventListener("change", () => {
      try {
        window.localStorage.setItem(key, prop === "checked" ? ($(id).checked ? "1" : "0") : $(id).value);
      } catch (_) {
        // No storage: for this page only.
      }
    });
  }
  const KEYS = { f: "act-fold", c: "act-call", r: "act-raise", " ": "next-hand", l: "last-hand" };
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if ($("game").hidden || ($("summary") && !$("summary").hidden)) return;
    const id = KEYS[e.key.toLowerCase()];
    if (!id) return;
    e.preventDefault();
    const b = $(id);
    if (!b.hidden && !b.disabled) b.click();
  });

  // The controller: `h` its part of the table (above); the page's sections it has no use
  // for are removed (`.table-only` in a room, `.room-only` at a table of one person).
  function start(h, mode) {
    hooks = h;
    document.body.dataset.mode = mode;
    for (const e of document.querySelectorAll(mode === "room" ? ".table-only" : ".room-only")) e.remove();
  }

  function reset() {
    state = null;
    shown = { hand: null, count: 0 };
  }

  return {
    $, el, api, start, receive, render, reset, signed, pct0, clicked, message,
    state: () => state,
    replaying: () => replaying,
  };
})();
