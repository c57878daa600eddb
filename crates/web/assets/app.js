// loki's table of one person and bots (the page at /): the join form, the person's
// choices (POST /api/act, /api/next, /api/model, /api/join, /api/leave), the summary and
// the downloads; the table itself is common.js's. The server answers at once with every
// bot action up to the person's next turn; the page replays them one at a time from the
// hand's log (the pace is the person's choice).
// Plain JavaScript, no libraries; every text goes through textContent.
"use strict";
(() => {
  if (location.pathname !== "/") return;
  const { $, el, api, receive, signed, pct0, clicked, message } = window.loki; // common.js
  const STAKES = ["2/4", "4/8", "10/20", "20/40", "50/100", "100/200"];
  let options = null; // GET /api/options
  let busy = false;

  function setBusy(on) {
    for (const id of ["act-fold", "act-call", "act-raise", "next-hand", "join-button", "model-toggle", "study-toggle", "leave", "summary-button"]) {
      $(id).disabled = on;
    }
    $("waiting").textContent = on && !window.loki.replaying() ? "..." : "";
  }

  // ---- Joining ----
  function expand(list) {
    const out = [];
    for (const part of list.split(",")) {
      const m = part.trim().match(/^(\d+)\*(.+)$/);
      if (m) for (let i = 0; i < Number(m[1]); i++) out.push(m[2].trim());
      else if (part.trim()) out.push(part.trim());
    }
    return out;
  }

  function renderBotChoices() {
    if (!options) return;
    const seats = Number($("join-seats").value) || options.seats;
    const box = $("join-bots");
    const before = [...box.querySelectorAll("select")].map((s) => s.value);
    const defaults = expand(options.players);
    box.replaceChildren();
    for (let i = 1; i < seats; i++) {
      const label = el("label", null, "Seat " + i + " ");
      const select = el("select");
      select.id = "join-bot-" + i;
      for (const k of options.kinds) {
        const o = el("option", null, k.name);
        o.value = k.name;
        o.title = k.about;
        select.append(o);
      }
      select.value = before[i - 1] || defaults[(i - 1) % defaults.length] || "SOM";
      label.append(select);
      box.append(label);
    }
  }

  async function loadOptions() {
    if (options) return;
    try {
      const r = await api("GET", "/api/options");
      if (!r.ok) return;
      options = r.data;
    } catch (_) {
      return;
    }
    const seats = $("join-seats");
    seats.replaceChildren();
    for (let n = 2; n <= 10; n++) {
      const o = el("option", null, String(n));
      o.value = String(n);
      seats.append(o);
    }
    seats.value = String(options.seats);
    const stakes = $("join-stakes");
    stakes.replaceChildren();
    const choices = STAKES.includes(options.stakes) ? STAKES : [options.stakes, ...STAKES];
    for (const s of choices) {
      const o = el("option", null, s);
      o.value = s;
      stakes.append(o);
    }
    stakes.value = options.stakes;
    renderBotChoices();
  }

  function showJoin() {
    window.loki.reset();
    $("join").hidden = false;
    $("game").hidden = true;
    $("controls").hidden = true;
    document.body.dataset.view = "join";
    loadOptions();
  }

  async function join() {
    if (busy) return;
    busy = true;
    setBusy(true);
    $("join-message").textContent = "";
    const body = {
      name: $("join-name").value,
      show_model: $("join-model").checked,
      study: $("join-study").checked,
    };
    if (options) {
      body.seats = Number($("join-seats").value);
      body.players = [...$("join-bots").querySelectorAll("select")].map((s) => s.value).join(",");
      const stakes = $("join-stakes").value;
      if (stakes !== options.stakes) body.stakes = stakes;
    }
    try {
      const r = await api("POST", "/api/join", body);
      if (r.ok) {
        busy = false;
        await receive(r.data);
      } else $("join-message").textContent = r.data.error || "error " + r.status;
    } catch (e) {
      $("join-message").textContent = "the server cannot be reached: " + e;
    } finally {
      busy = false;
      setBusy(false);
    }
  }

  // ---- Talking to the server ----
  async function load() {
    try {
      const r = await api("GET", "/api/state");
      if (r.status === 401) return showJoin();
      if (!r.ok) return message(r.data.error);
      receive(r.data, false);
    } catch (e) {
      message("the server cannot be reached: " + e);
    }
  }

  async function send(path, body) {
    if (busy || window.loki.replaying()) return;
    busy = true;
    setBusy(true);
    message("");
    try {
      const r = await api("POST", path, body);
      if (r.ok) {
        busy = false;
        await receive(r.data);
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

  // ---- The summary ----
  function fillSummary(sum, live, links) {
    const dl = $("summary-numbers");
    dl.replaceChildren();
    const af = sum.af === null || sum.af === undefined ? "-" : sum.af.toFixed(2);
    const rate = sum.bb_per_100 === null || sum.bb_per_100 === undefined ? "-" : (sum.bb_per_100 >= 0 ? "+" : "") + sum.bb_per_100.toFixed(2);
    for (const [k, v] of [
      ["Player", sum.name],
      ["Hands", String(sum.hands)],
      ["Net", signed(sum.net) + " chips"],
      ["Big blinds per 100 hands", rate],
      ["Your VPIP / PFR", pct0(sum.vpip) + " / " + pct0(sum.pfr)],
      ["Your aggression factor", af],
      ["Study mode", "on in " + sum.study_hands + " of " + sum.hands + " hands"],
      ["Hands left in the middle", String(sum.abandoned_hands)],
    ]) {
      dl.append(el("dt", null, k), el("dd", null, v));
    }
    const pots = $("summary-pots");
    pots.replaceChildren();
    for (const p of sum.biggest_pots) {
      pots.append(el("li", null, "Hand " + p.hand + ": pot " + p.pot + " (you " + signed(p.net) + "): " + p.result.join("; ")));
    }
    if (!sum.biggest_pots.length) pots.append(el("li", null, "no hand finished yet"));
    $("download-phh").href = links.phh;
    $("download-text").href = links.text;
    $("summary-back").hidden = !live;
    $("summary-new").hidden = live;
    $("summary-box").dataset.hands = sum.hands;
    $("summary-box").dataset.net = sum.net;
    $("summary").hidden = false;
    document.body.dataset.summary = live ? "live" : "left";
  }

  async function showSummary() {
    const r = await api("GET", "/api/summary");
    if (!r.ok) return message(r.data.error);
    fillSummary(r.data, true, { phh: "/api/history.phhs", text: "/api/history.txt" });
  }

  async function leave() {
    if (busy || window.loki.replaying()) return;
    busy = true;
    setBusy(true);
    try {
      // Leaving answers both histories, the hand in progress played out and in them;
      // the page keeps them for download.
      const r = await api("POST", "/api/leave");
      const history = (r.ok && r.data.history) || {};
      const phh = history.phh || "";
      const text = history.text || "";
      const links = {
        phh: URL.createObjectURL(new Blob([phh], { type: "text/plain" })),
        text: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
      };
      $("download-phh").dataset.size = phh.length;
      $("download-text").dataset.size = text.length;
      // The next table's form keeps the name.
      const state = window.loki.state();
      if (state) $("join-name").value = state.seats[state.you].name;
      if (r.ok && r.data.summary) fillSummary(r.data.summary, false, links);
      showJoin();
    } finally {
      busy = false;
      setBusy(false);
    }
  }

  // ---- The person's input ----
  const state = () => window.loki.state();
  window.loki.start(
    {
      // The others' actions and the board are replayed at the pace.
      paced: (e, s) => (e.kind === "action" && e.seat !== s.you) || e.kind === "board",
      busy: setBusy,
      render: (s) => {
        $("study-toggle").checked = s.study;
      },
      act: (action) => state() && send("/api/act", { seat: state().you, action, step: state().step }),
      next: () => state() && send("/api/next", { step: state().step }),
      nextShown: () => true,
      nextLabel: "Next hand",
      lastPath: "/api/last",
    },
    "table"
  );
  $("model-toggle").addEventListener("change", (e) => send("/api/model", { show: e.target.checked }));
  $("study-toggle").addEventListener("change", (e) => send("/api/model", { study: e.target.checked }));
  $("summary-button").addEventListener("click", clicked(showSummary));
  $("summary-back").addEventListener("click", () => {
    $("summary").hidden = true;
    delete document.body.dataset.summary;
  });
  $("summary-new").addEventListener("click", () => {
    $("summary").hidden = true;
    delete document.body.dataset.summary;
    showJoin();
  });
  $("leave").addEventListener("click", clicked(leave));
  $("join-seats").addEventListener("change", renderBotChoices);
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    join();
  });
  load();
})();
