// The page of a bbg serve table: it shows what the server sends and sends back clicks.
// The server is authoritative: this script never decides what is legal, it offers the
// options the server listed. The seat and its key come from the link's fragment
// (#seat=N&token=...), which the browser never sends to the server in a request.
"use strict";

(() => {
  const params = new URLSearchParams(location.hash.slice(1));
  const seatText = params.get("seat") || "";
  const token = params.get("token") || "";
  const seat = seatText === "spectator" ? "spectator" : /^\d+$/.test(seatText) ? Number(seatText) : null;

  let socket = null;
  let catalog = null;
  let state = null;
  let lines = [];
  let shownLines = 0;
  let pendingCard = null;
  let busy = false;
  let retry = 300;
  let fatal = false;
  let noticeAt = null; // the game's version when the notice was shown: it goes at the next one

  const $ = (id) => document.getElementById(id);

  function element(tag, text, attributes) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    return node;
  }

  function name(id) {
    return (catalog && catalog.names[id]) || id;
  }

  function text(id) {
    return (catalog && catalog.texts[id]) || name(id);
  }

  function seatName(s) {
    const colour = catalog ? catalog.color_names[s % catalog.color_names.length] : "";
    return `seat ${s} (${colour})`;
  }

  function swatch(s) {
    const box = element("span", null, { class: "swatch" });
    if (catalog) box.style.background = catalog.colors[s % catalog.colors.length];
    return box;
  }

  // ---------------------------------------------------------------- connection
  function setStatus(label, kind) {
    $("status").textContent = label;
    document.body.dataset.state = kind;
  }

  function notice(message, code, version) {
    const box = $("notice");
    box.textContent = message;
    box.dataset.code = code || "";
    box.hidden = !message;
    noticeAt = message ? (version ?? (state ? state.version : null)) : null;
  }

  // While the server cannot be reached, nothing can be played: say so plainly and
  // disable every option until the page is connected again.
  function setConnected(connected) {
    const box = $("offline");
    box.hidden = connected;
    for (const node of document.querySelectorAll("#options button, #undo")) node.disabled = !connected;
  }

  function connect() {
    if (seat === null || !token) {
      setStatus("no seat", "error");
      notice("Open the link the server printed for your seat: it ends with #seat=…&token=….");
      return;
    }
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.onopen = () => {
      retry = 300;
      send({ type: "join", seat, token });
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      busy = false;
      delete document.body.dataset.busy;
      if (fatal) return;
      setStatus("reconnecting…", "reconnecting");
      setConnected(false);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    if (busy || !state || !socket || socket.readyState !== WebSocket.OPEN) return;
    busy = true;
    document.body.dataset.busy = "true";
    send({ type: "act", seat, token, action, version: state.version });
  }

  function undo() {
    if (busy || !state || !socket || socket.readyState !== WebSocket.OPEN) return;
    busy = true;
    document.body.dataset.busy = "true";
    send({ type: "undo", seat, token, version: state.version });
  }

  function receive(message) {
    if (message.type === "welcome") {
      catalog = message;
      return;
    }
    if (message.type === "error") {
      busy = false;
      delete document.body.dataset.busy;
      notice(message.message, message.code, message.version);
      if (message.code === "unauthorized" || message.code === "wrong_seat") {
        if (!state) {
          fatal = true;
          setStatus("refused", "error");
          socket.close();
        }
      }
      return;
    }
    if (message.type !== "state") return;
    if (message.log.start === 0) {
      lines = [];
      shownLines = 0;
      $("log").replaceChildren();
    } else if (message.log.start !== lines.length) {
      send({ type: "sync" });
      return;
    }
    lines.push(...message.log.lines);
    if (!state || state.version !== message.version) pendingCard = null;
    if (noticeAt !== null && noticeAt !== message.version) notice(""); // the next update
    state = message;
    busy = false;
    delete document.body.dataset.busy;
    setStatus("connected", "connected");
    render();
    setConnected(true);
  }

  // ---------------------------------------------------------------- rendering
  function render() {
    const focused = document.activeElement;
    const hadFocus = Boolean(focused && focused.closest && focused.closest(FOCUS_AREAS));
    const view = state.view;
    const decision = state.decision;
    const mine = Boolean(decision && decision.mine);
    document.body.dataset.version = String(state.version);
    document.body.dataset.mine = String(mine);
    document.body.dataset.kind = decision ? decision.kind : "";
    document.body.dataset.over = String(view.phase === "over");
    renderHeader(view, decision);
    $("board").innerHTML = state.board; // the server's SVG: public information only
    renderPrompt(decision);
    renderCards(view, decision);
    renderYou(view);
    renderSeats(view);
    renderTrades();
    renderLog();
    renderScores(view);
    markTargets(decision);
    markLastMove();
    keepFocus(hadFocus);
  }

  // A keyboard player's focus must not fall to the top of the page when the option it was
  // on is drawn again: it goes to the prompt, from which Tab reaches the options.
  const FOCUS_AREAS = "#options, #board, #hand, #agendas, #offer, #undo-row, #prompt";
  function keepFocus(hadFocus) {
    const now = document.activeElement;
    if (hadFocus && (!now || now === document.body)) $("prompt").focus();
  }

  // Your own resources, large enough to read at a glance.
  function renderYou(view) {
    const you = $("you");
    you.replaceChildren();
    $("you-panel").hidden = seat === "spectator";
    const row = state.seat_rows.find((r) => r.seat === seat);
    if (!row) return;
    for (const [resource, amount] of Object.entries(row.resources)) {
      you.append(element("span", `${name(resource)} ${amount}`, { class: "amount" }));
    }
    you.append(element("span", `cubes ${row.cubes}`, { class: "amount" }));
    you.append(element("span", `worker: ${row.worker}`, { class: "amount" }));
  }

  // The last move that changed the board stays marked until the next one.
  function markLastMove() {
    const last = state.last_move;
    if (!last) return;
    const ids = [
      ...last.lots.map((n) => `lot-${n}`),
      ...last.sites.map((n) => `node-${n}`),
      ...last.locations.map((n) => `location-${n}`),
      ...last.districts.map((n) => `district-${n}`),
    ];
    for (const id of ids) {
      const node = document.getElementById(id);
      if (node) node.classList.add("last-move");
    }
  }

  // Details of what is under the pointer (or the finger) on the board.
  function showDetails(event) {
    const node = event.target.closest && event.target.closest("#board [id^='lot-'], #board [id^='node-'], #board [id^='location-'], #board [id^='district-']");
    if (!node) return;
    const title = node.querySelector(":scope > title");
    if (title) $("details").textContent = title.textContent;
  }

  function renderHeader(view, decision) {
    const who = $("who");
    who.replaceChildren();
    if (seat === "spectator") who.append("Spectator");
    else who.append(swatch(seat), `You are ${seatName(seat)}`);
    let where = view.phase === "over" ? "game over" : "";
    if (decision) where = decision.mine ? "your decision" : `${seatName(decision.seat)} decides`;
    $("turn").textContent = `Turn ${view.turn} · ${view.phase} · move ${state.moves} · ${where}`;
    $("undo-row").hidden = seat === "spectator" || view.phase === "over";
  }

  function groupsOf(decision) {
    return decision && decision.mine ? decision.groups : [];
  }

  function isBuildGroup(group) {
    return group.options.length > 1 || group.key !== group.options[0].action;
  }

  function renderPrompt(decision) {
    const options = $("options");
    options.replaceChildren();
    if (!decision) {
      $("prompt-title").textContent = "The game is over";
      $("prompt").textContent = "See the final scoring.";
      return;
    }
    if (!decision.mine) {
      const label = state.labels[decision.seat];
      $("prompt-title").textContent = "Waiting";
      $("prompt").textContent = `${seatName(decision.seat)} (${label}) decides: ${decision.kind}.`;
      return;
    }
    $("prompt-title").textContent = "Your move";
    const picked = pendingCard && decision.groups.find((g) => g.key === `build ${pendingCard}`);
    if (picked) {
      $("prompt").textContent = `${picked.label}: click a lot on the board (or a button).`;
      for (const option of picked.options) {
        options.append(button(option.label, { "data-action": option.action, title: option.action }));
      }
      options.append(button("back", { "data-back": "" }, "back"));
      return;
    }
    $("prompt").textContent = decision.prompt;
    for (const group of decision.groups) {
      if (isBuildGroup(group)) {
        const card = group.key.split(" ")[1];
        options.append(button(`${group.label} …`, { "data-pick": card, title: group.key }, "build"));
      } else {
        const option = group.options[0];
        options.append(button(option.label, { "data-action": option.action, title: option.action }));
      }
    }
  }

  function button(label, attributes, kind) {
    const node = element("button", label, attributes);
    node.type = "button";
    if (kind) node.classList.add(kind);
    return node;
  }

  function cardItem(id, extra) {
    const item = element("li", null, { "data-card": id });
    item.append(element("strong", name(id)));
    if (extra) item.append(element("span", ` ${extra}`, { class: "worth" }));
    item.append(element("div", text(id).split("\n").slice(1).join(" ").trim(), { class: "text" }));
    return item;
  }

  function renderCards(view, decision) {
    const groups = groupsOf(decision);
    const actions = new Set(groups.flatMap((g) => g.options.map((o) => o.action)));
    const builds = new Set(groups.filter(isBuildGroup).map((g) => g.key.split(" ")[1]));
    const spectating = seat === "spectator";
    $("hand-panel").hidden = spectating;
    $("agenda-panel").hidden = spectating;
    const hand = $("hand");
    hand.replaceChildren();
    for (const id of view.hand) {
      const item = cardItem(id);
      if (builds.has(id)) target(item, "data-pick", id);
      else if (actions.has(`discard ${id}`)) target(item, "data-action", `discard ${id}`);
      if (pendingCard === id) item.classList.add("picked");
      hand.append(item);
    }
    if (!view.hand.length) hand.append(element("li", "(no cards)", { class: "empty" }));
    const agendas = $("agendas");
    agendas.replaceChildren();
    for (const agenda of state.agendas) {
      const item = cardItem(agenda.id, `(${agenda.worth} now)`);
      if (actions.has(`discard ${agenda.id}`)) target(item, "data-action", `discard ${agenda.id}`);
      agendas.append(item);
    }
    if (!state.agendas.length) agendas.append(element("li", "(no agendas)", { class: "empty" }));
    renderOffer(view, actions);
  }

  function renderOffer(view, actions) {
    const offer = $("offer");
    offer.replaceChildren();
    for (const id of view.offer) {
      const item = cardItem(id);
      if (actions.has(`take ${id}`)) target(item, "data-action", `take ${id}`);
      offer.append(item);
    }
    const deck = element("li", `Building deck: ${view.deck_size} cards`, { "data-card": "deck", class: "deck" });
    if (actions.has("take deck")) target(deck, "data-action", "take deck");
    offer.append(deck);
    for (const id of view.hq_offer) {
      const item = cardItem(id);
      if (actions.has(`hq ${id}`)) target(item, "data-action", `hq ${id}`);
      offer.append(item);
    }
    const top = view.gate_deck_top;
    $("gate").textContent = top ? `Top gate card: ${text(top).replace(/\n\s*/g, " · ")}` : "The gate deck is empty.";
  }

  function target(node, attribute, value) {
    node.setAttribute(attribute, value);
    node.classList.add("target");
  }

  function renderSeats(view) {
    const table = $("seats");
    table.replaceChildren();
    const factions = Object.keys(state.seat_rows[0].influence);
    const resources = Object.keys(state.seat_rows[0].resources);
    const head = element("tr");
    for (const label of ["seat", "player", ...resources, "cubes", ...factions.map(name), "worker", "built", "hand", "agendas"]) {
      head.append(element("th", label));
    }
    table.append(head);
    for (const row of state.seat_rows) {
      const tr = element("tr", null, { "data-seat": String(row.seat) });
      if (row.seat === view.current_player) tr.classList.add("deciding");
      if (row.seat === seat) tr.classList.add("you");
      const cell = element("td");
      cell.append(swatch(row.seat), ` ${row.seat}${row.seat === seat ? " (you)" : ""}`);
      tr.append(cell, element("td", state.labels[row.seat]));
      for (const r of resources) tr.append(element("td", row.resources[r], { class: "number" }));
      tr.append(element("td", row.cubes, { class: "number" }));
      for (const f of factions) {
        tr.append(element("td", row.influence[f], { class: "number", title: `next: ${row.next_rewards[f]}` }));
      }
      tr.append(element("td", row.worker), element("td", row.portfolio.join(", "), { class: "built" }));
      tr.append(element("td", row.hand, { class: "number" }), element("td", row.agendas, { class: "number" }));
      table.append(tr);
    }
  }

  function renderTrades() {
    const table = $("trades");
    table.replaceChildren();
    for (const row of state.locations) {
      const tr = element("tr", null, { "data-location": row.id });
      const workers = row.workers.map((s) => `s${s}`).join(" ") || "·";
      tr.append(element("td", `${row.name} (${row.district})`), element("td", workers));
      tr.append(element("td", row.damage ? `damage ${row.damage}` : ""));
      for (const [cost, what] of row.trades) tr.append(element("td", `${cost}f: ${what}`));
      table.append(tr);
    }
  }

  function renderLog() {
    const list = $("log");
    for (; shownLines < lines.length; shownLines++) {
      const [words, tone] = lines[shownLines];
      list.append(element("li", words, { class: tone ? `tone-${tone}` : "" }));
    }
    list.scrollTop = list.scrollHeight;
  }

  function renderScores(view) {
    const panel = $("scores-panel");
    const scores = view.scores;
    panel.hidden = !scores;
    if (!scores) return;
    const table = $("scores");
    table.replaceChildren();
    const steps = Object.keys(scores.steps);
    const head = element("tr");
    for (const label of ["seat", "player", "before", ...steps, "total", "rank"]) head.append(element("th", label));
    table.append(head);
    const rank = new Map(scores.ranking.map((s, i) => [s, i + 1]));
    scores.prestige.forEach((total, s) => {
      const tr = element("tr", null, { "data-seat": String(s) });
      const cell = element("td");
      cell.append(swatch(s), ` ${s}`);
      tr.append(cell, element("td", state.labels[s]), element("td", scores.before_scoring[s], { class: "number" }));
      for (const step of steps) tr.append(element("td", scores.steps[step][s], { class: "number" }));
      tr.append(element("td", total, { class: "number total" }), element("td", rank.get(s), { class: "number" }));
      table.append(tr);
    });
    const winners = scores.winners.map(seatName).join(", ");
    const shared = scores.winners.length > 1 ? "Shared victory: " : "Winner: ";
    $("winners").textContent = `${shared}${winners} with ${scores.prestige[scores.winners[0]]} prestige.`;
  }

  // ---------------------------------------------------------------- the board's targets
  function boardNode(action) {
    const [kind, first, second] = action.split(" ");
    if (kind === "visit") return document.getElementById(`location-${first}`);
    if (kind === "site") return document.getElementById(`node-${first}`);
    if (kind === "build" && first === pendingCard) return document.getElementById(`lot-${second}`);
    return null;
  }

  // A lot, site or location that answers the decision is a button for the keyboard too:
  // focusable in page order, named by the option's label, activated by Enter or Space.
  function markTargets(decision) {
    for (const group of groupsOf(decision)) {
      for (const option of group.options) {
        const node = boardNode(option.action);
        if (!node) continue;
        target(node, "data-action", option.action);
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", option.label);
      }
    }
  }

  $("board").addEventListener("pointerover", showDetails);
  $("board").addEventListener("focusin", showDetails);
  $("board").addEventListener("click", showDetails);

  document.addEventListener("click", (event) => {
    if (event.target.closest("#skip")) {
      $("prompt").focus();
      return;
    }
    if (event.target.closest("#undo")) {
      undo();
      return;
    }
    activate(event.target.closest("[data-action], [data-pick], [data-back]"));
  });

  // Enter and Space on a lot, site or location of the board, as on a button.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest && event.target.closest("#board [data-action]");
    if (!node) return;
    event.preventDefault();
    activate(node);
  });

  function activate(node) {
    if (!node || !state) return;
    if (node.hasAttribute("data-back")) {
      pendingCard = null;
      render();
    } else if (node.hasAttribute("data-pick")) {
      pendingCard = node.getAttribute("data-pick");
      render();
    } else {
      act(node.getAttribute("data-action"));
    }
  }

  connect();
})();
