// loki's rooms (the same page as the table of one person, common.js's table): the lobby
// (/lobby: open rooms, open a room, the bankrolls) and a room (/room/<id>: take a seat,
// come back with a seat token, play, chat; or watch without a seat). The room's view
// comes as server-sent events (GET /api/room/<id>/events); when the stream fails, the
// page asks for it every 1.5 s instead (GET /api/room/<id>/state); a spectator's the
// same way (GET /api/room/<id>/watch/events, else /watch). The others' actions of a hand
// are replayed one at a time from its log, at the page's pace.
// Plain JavaScript, no libraries; every text goes through textContent.
"use strict";
(() => {
  const match = location.pathname.match(/^\/room\/([0-9a-f]{32})$/);
  const roomId = match ? match[1] : null;
  if (!roomId && location.pathname !== "/lobby") return;
  const { $, el, api, message } = window.loki; // common.js
  let view = null;
  let stream = null;
  let poll = null;
  let clock = null;

  // ---- The lobby ----
  async function lobby() {
    $("lobby").hidden = false;
    const r = await api("GET", "/api/lobby");
    const list = $("lobby-rooms");
    list.textContent = "";
    const rooms = (r.ok && r.data.rooms) || [];
    $("lobby-empty").hidden = rooms.length > 0;
    for (const room of rooms) {
      const li = el("li");
      const a = el("a", null, `${room.stakes}, ${room.seats} seats: ${room.bots.join(", ") || "no bots"}`);
      a.href = "/room/" + room.id;
      li.appendChild(a);
      li.appendChild(el("span", "note", ` ${room.open_seats} open; playing: ${room.people.join(", ") || "nobody"}; ${room.hands} hands`));
      list.appendChild(li);
    }
    const rows = $("board-rows");
    rows.textContent = "";
    for (const b of (r.ok && r.data.board) || []) {
      const tr = el("tr");
      tr.appendChild(el("td", null, b.bot ? `${b.name} (bot)` : b.name));
      for (const x of [b.hands, b.net, b.bb_per_100.toFixed(2)]) tr.appendChild(el("td", null, String(x)));
      rows.appendChild(tr);
    }
    $("board-off").hidden = !r.ok || r.data.bankrolls_kept;
  }

  $("create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const body = { name: $("create-name").value, layout: $("create-layout").value.trim() };
    const stakes = $("create-stakes").value.trim();
    if (stakes) body.stakes = stakes;
    const bank = Number($("create-bank").value);
    if (bank) body.time_bank = bank;
    const r = await api("POST", "/api/rooms", body);
    if (!r.ok) {
      $("create-message").textContent = r.data.error;
      return;
    }
    if (r.data.seat_token) sessionStorage.setItem("seat-" + r.data.room.id, r.data.seat_token);
    location.href = "/room/" + r.data.room.id;
  });

  // The seat token is shown once, at the seat's taking (kept nowhere by the page); the
  // seat's own browser may ask the server for it again (its cookie).
  let seatToken = null;

  function showToken(token) {
    $("room-token-text").textContent = token || "";
    $("room-token").hidden = !token;
    $("room-token-show").hidden = !!token;
    $("room-token-copy").textContent = "Copy";
  }

  $("room-token-hide").addEventListener("click", () => showToken(null));
  $("room-token-show").addEventListener("click", async () => {
    const r = await api("GET", `/api/room/${roomId}/seat_token`);
    if (r.ok) showToken(r.data.seat_token);
    else message(r.data.error);
  });
  $("room-token-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("room-token-text").textContent);
      $("room-token-copy").textContent = "Copied";
    } catch (_) {
      // No clipboard (an insecure origin): select the text for the person to copy.
      const range = document.createRange();
      range.selectNodeContents($("room-token-text"));
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      $("room-token-copy").textContent = "Selected: copy it";
    }
  });

  // ---- A room ----
  async function openRoom() {
    const r = await api("GET", `/api/room/${roomId}/state`);
    if (r.ok) return play(r.data);
    $("room-join").hidden = false;
    if (r.data.code === "no_room") {
      $("room-about").textContent = "This room is closed. See the lobby.";
      $("room-join-button").disabled = true;
    }
  }

  // Taking a seat, or coming back to one with its token.
  for (const [form, path, body, said] of [
    ["room-join-form", "join", () => ({ name: $("room-name").value }), "room-join-message"],
    ["room-rejoin-form", "rejoin", () => ({ name: $("rejoin-name").value, seat_token: $("rejoin-token").value.trim() }), "rejoin-message"],
  ]) {
    $(form).addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await api("POST", `/api/room/${roomId}/${path}`, body());
      if (!r.ok) return ($(said).textContent = r.data.error);
      seatToken = r.data.seat_token || null;
      play(r.data);
    });
  }

  function play(data) {
    $("room-history").href = `/api/room/${roomId}/history.phhs`;
    $("room-text").href = `/api/room/${roomId}/history.txt`;
    $("room-link").textContent = "Share this link to let others sit: " + location.origin + "/room/" + roomId;
    // Once, at sitting down (the lobby's new room hands it over through this tab's
    // session storage, then forgets it).
    const handed = sessionStorage.getItem("seat-" + roomId);
    sessionStorage.removeItem("seat-" + roomId);
    showToken(seatToken || handed);
    seatToken = null;
    show(data);
    listen();
  }

  // A spectator: the table's public part (no seat, no cookie).
  $("room-watch").addEventListener("click", () => {
    for (const id of ["room-sit", "room-leave", "room-chat-form", "room-info"]) $(id).hidden = true;
    $("model-toggle").closest("label").hidden = true;
    hooks.lastPath = `/api/room/${roomId}/watch/last`;
    listen("watch/events", "watch");
  });

  // Live updates: the stream (`events`), else asking every 1.5 s (`ask`).
  function listen(events = "events", ask = "state") {
    if (stream || poll) return;
    if (window.EventSource) {
      stream = new EventSource(`/api/room/${roomId}/${events}`);
      stream.addEventListener("view", (e) => {
        try {
          show(JSON.parse(e.data));
          $("room-live").textContent = "live";
        } catch (_) {}
      });
      stream.onerror = () => {
        if (stream.readyState === EventSource.CLOSED) {
          stream = null;
          startPolling(ask);
        }
      };
    } else {
      startPolling(ask);
    }
  }

  function startPolling(ask) {
    if (poll) return;
    $("room-live").textContent = "updating every 1.5 s";
    const look = async () => {
      const r = await api("GET", `/api/room/${roomId}/${ask}`);
      if (r.ok) show(r.data);
      else if (r.status === 401 || r.status === 404) {
        clearInterval(poll);
        poll = null;
        message(r.data.error);
      }
    };
    poll = setInterval(look, 1500);
    look();
  }

  // Shows a view unless an older version arrives after a newer one.
  function show(v) {
    if (view && v.version < view.version && v.step <= view.step) return;
    // The deadlines as this page's clock reads them, from when the view arrived (not
    // when it is shown: the bots' replay may come first).
    const at = Date.now();
    const left = v.deadline_ms != null && v.now_ms != null ? v.deadline_ms - v.now_ms : v.time_left_ms;
    v.clockEnd = left == null ? null : at + left;
    v.nextEnd = v.next_hand_ms == null ? null : at + v.next_hand_ms;
    const first = view === null;
    view = v;
    window.lokiView = v; // the page's tests read it
    renderChat(v);
    // The first view is shown as it is; the later ones replay what changed.
    window.loki.receive(v, !first);
    runClock();
  }

  // The room's chat (plain text), redrawn when a line is new.
  function renderChat(v) {
    const lines = v.chat || [];
    const last = String(lines.length ? lines[lines.length - 1].n : 0);
    if ($("room-chat").dataset.last === last) return;
    $("room-chat").dataset.last = last;
    $("room-chat").replaceChildren(
      ...lines.map((l) => {
        const li = el("li", l.seat === v.you ? "you" : null);
        li.append(el("strong", null, l.name + ": "), document.createTextNode(l.text));
        return li;
      })
    );
    $("room-chat").scrollTop = $("room-chat").scrollHeight;
  }

  $("room-chat-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    if ((await send("chat", { text: $("room-chat-text").value })).ok) $("room-chat-text").value = "";
  });

  // The time bank's countdown to the deadline the server sent; between hands, whom the
  // table waits for and how long.
  function runClock() {
    if (clock) clearInterval(clock);
    clock = null;
    const v = view;
    const who = v.seats.find((s) => s.to_act);
    let text;
    let end;
    if (v.clockEnd != null) {
      end = v.clockEnd;
      const name = who && who.seat === v.you ? "You have" : who ? who.name + " has" : "";
      text = (s) => `${name} ${s} s`;
    } else if (v.nextEnd != null && !window.loki.replaying()) {
      end = v.nextEnd;
      const me = (v.seats.find((s) => s.seat === v.you) || {}).name;
      const names = (v.waiting_for || []).map((n) => (n === me ? "you" : n));
      text = (s) =>
        names.length
          ? `Waiting for ${names.join(", ")}: the next hand in ${s} s at the latest`
          : `The next hand in ${s} s`;
    } else {
      $("room-clock").textContent = "";
      return;
    }
    const tick = () => {
      const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      $("room-clock").textContent = text(s);
      if (s === 0 && clock) clearInterval(clock);
    };
    tick();
    clock = setInterval(tick, 250);
  }

  async function send(path, body) {
    const r = await api("POST", `/api/room/${roomId}/${path}`, body);
    if (r.ok && r.data.you !== undefined) show(r.data);
    message(r.ok ? "" : r.data.error);
    return r;
  }

  const hooks = {
    // The bots' actions and the board are replayed at the pace (the people's come as
    // they play).
    paced: (e, s) => (e.kind === "action" && !s.people.some((p) => p.seat === e.seat)) || e.kind === "board",
    busy: () => {},
    render: (v) => {
      $("room-sit").textContent = v.sitting_out ? "Sit in again" : "Sit out";
      runClock();
    },
    act: (action) => send("act", { action, step: view.step }),
    next: () => send("next"),
    nextShown: (v) => !!v.hand && !v.sitting_out && !v.spectator,
    nextLabel: "Ready for the next hand",
    lastPath: `/api/room/${roomId}/last`,
  };
  window.loki.start(hooks, "room");
  $("room-sit").addEventListener("click", () => send("sit", { out: !view.sitting_out }));
  $("model-toggle").addEventListener("change", (e) => send("model", { show: e.target.checked }));
  // Giving the seat up asks first.
  $("room-leave").addEventListener("click", () => {
    $("room-leave-ask").hidden = false;
    $("room-leave-no").focus();
  });
  $("room-leave-no").addEventListener("click", () => {
    $("room-leave-ask").hidden = true;
  });
  $("room-leave-yes").addEventListener("click", async () => {
    $("room-leave-ask").hidden = true;
    const r = await send("leave");
    if (r.ok) location.href = "/lobby";
  });

  if (roomId) openRoom();
  else lobby();
})();
