// pbemd: a player's page. The map pans and zooms; the order builder makes
// a form for each kind of order from the campaign's schema, fills fleets
// and systems from taps on the map, has pbemd check the orders as the
// player builds them (a dry run: nothing is filed), and writes the mail.
// The token is typed by the player and kept in this browser only: it is
// never sent to the page's server, only put into the mail.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // ---- The map: pan by dragging, zoom by wheel, pinch or buttons. ----

  const svg = document.querySelector("#map svg");
  const home = svg ? svg.viewBox.baseVal : null;
  const view = home ? { x: home.x, y: home.y, w: home.width, h: home.height } : null;
  const full = view ? { ...view } : null;
  const listeners = []; // called with a system ID when one is tapped

  function show() {
    svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map((n) => n.toFixed(1)).join(" "));
  }

  // point turns a screen position into map units.
  function point(clientX, clientY) {
    const r = svg.getBoundingClientRect();
    const s = Math.max(view.w / r.width, view.h / r.height);
    const ox = (r.width * s - view.w) / 2, oy = (r.height * s - view.h) / 2;
    return { x: view.x - ox + (clientX - r.left) * s, y: view.y - oy + (clientY - r.top) * s, s };
  }

  // zoom scales the view by f about the map point at (cx, cy), within
  // 1/12 of the whole map and the whole map's size twice over.
  function zoom(f, cx, cy) {
    const w = Math.min(Math.max(view.w * f, full.w / 12), full.w * 2);
    const k = w / view.w;
    view.x = cx - (cx - view.x) * k;
    view.y = cy - (cy - view.y) * k;
    view.w = w;
    view.h = view.h * k;
    show();
  }

  // focus shows a phone the reader's own part of the map, as the phone's
  // picture in the report mail does; "Whole map" shows it all.
  function focus(ids) {
    const boxes = [];
    svg.querySelectorAll(".system").forEach((g) => {
      if (ids.has(g.dataset.system) || g.classList.contains("own")) boxes.push(g.getBoundingClientRect());
    });
    if (!boxes.length) return;
    const a = point(Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top)));
    const b = point(Math.max(...boxes.map((b) => b.right)), Math.max(...boxes.map((b) => b.bottom)));
    const r = svg.getBoundingClientRect();
    const w = Math.max((b.x - a.x) * 2.2, full.w / 3), h = w * r.height / r.width;
    Object.assign(view, { x: (a.x + b.x - w) / 2, y: (a.y + b.y - h) / 2, w, h });
    show();
  }

  if (svg) {
    const pointers = new Map();
    let moved = 0, tapped = null, pinch = 0;
    svg.addEventListener("pointerdown", (e) => {
      svg.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      moved = 0;
      const sys = e.target.closest && e.target.closest(".system");
      tapped = pointers.size === 1 && sys ? sys.dataset.system : null;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = Math.hypot(a.x - b.x, a.y - b.y);
      }
      svg.classList.add("dragging");
    });
    svg.addEventListener("pointermove", (e) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      const dx = e.clientX - last.x, dy = e.clientY - last.y;
      last.x = e.clientX;
      last.y = e.clientY;
      moved += Math.abs(dx) + Math.abs(dy);
      if (pointers.size === 1) {
        const s = point(0, 0).s;
        view.x -= dx * s;
        view.y -= dy * s;
        show();
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch > 0 && d > 0) {
          const c = point((a.x + b.x) / 2, (a.y + b.y) / 2);
          zoom(pinch / d, c.x, c.y);
        }
        pinch = d;
      }
    });
    const up = (e) => {
      if (!pointers.delete(e.pointerId)) return;
      if (pointers.size === 0) svg.classList.remove("dragging");
      if (tapped && moved < 8 && e.type === "pointerup") listeners.forEach((f) => f(tapped));
      tapped = null;
      pinch = 0;
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const c = point(e.clientX, e.clientY);
      zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, c.x, c.y);
    }, { passive: false });
    document.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
      const c = { x: view.x + view.w / 2, y: view.y + view.h / 2 };
      if (b.dataset.zoom === "in") zoom(1 / 1.5, c.x, c.y);
      else if (b.dataset.zoom === "out") zoom(1.5, c.x, c.y);
      else { Object.assign(view, full); show(); }
    }));
  }

  // ---- The order builder. ----

  const planNode = $("plan");
  const plan = planNode ? JSON.parse(planNode.textContent) : { fleets: [] };
  const fleets = plan.fleets || [];
  if (svg && window.innerWidth < 600) focus(new Set(fleets.map((f) => f.at)));
  if (!planNode) return;
  const tokenKey = "pbemd-token:" + plan.campaign + ":" + plan.player;
  const orders = [];
  let kinds = [], kind = null, values = {};

  // A scalar as YAML writes it: plain where that reads back the same,
  // else double-quoted (JSON's quoting is YAML's).
  function scalar(v) {
    const s = String(v);
    if (/^[A-Za-z0-9_][A-Za-z0-9_ .\/-]*$/.test(s) && !/\s$/.test(s) && !/^(null|Null|NULL)$/.test(s)) return s;
    return JSON.stringify(s);
  }

  // fieldOf reads a schema property as a form field.
  function fieldOf(name, s, required) {
    const f = { name, required, help: s.description || "", type: "text", options: null, byDefault: s.default };
    const types = [].concat(s.type || []);
    const choice = (s.anyOf || []).find((a) => a.enum) || (s.enum ? s : null);
    if (choice) {
      f.type = "choice";
      f.options = choice.enum;
    } else if (types.includes("array")) {
      f.type = s.items && [].concat(s.items.type || []).includes("object") ? "yaml" : "list";
    } else if (types.includes("object")) {
      f.type = "yaml";
    } else if (types.length === 1 && (types[0] === "integer" || types[0] === "number")) {
      f.type = "number";
    } else if (types.length === 1 && types[0] === "boolean") {
      f.type = "bool";
    }
    return f;
  }

  // kindsOf reads the order kinds of the campaign's schema.
  function kindsOf(schema) {
    const items = schema.properties.orders.items.oneOf || [];
    return items.map((it) => {
      const name = Object.keys(it.properties)[0];
      const k = it.properties[name];
      const req = k.required || [];
      const fields = Object.entries(k.properties || {}).map(([f, s]) => fieldOf(f, s, req.includes(f)));
      // Systems a tap on the map fills: a path, a place, or a destination
      // where the kind also names a fleet.
      const has = (n) => fields.some((f) => f.name === n);
      const places = fields.filter((f) => f.name === "path" || f.name === "at" || f.name === "sector" ||
        (f.name === "to" && has("fleet") && !has("from")));
      return { name, help: k.description || it.description || "", fields, places, fleet: has("fleet") };
    });
  }

  function el(tag, attrs, ...children) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") n.textContent = v;
      else n.setAttribute(k, v);
    }
    children.forEach((c) => n.append(c));
    return n;
  }

  function chooseKind(name) {
    kind = kinds.find((k) => k.name === name) || kinds[0];
    values = {};
    $("kind").value = kind.name;
    $("kind-help").textContent = kind.help;
    drawFields();
    mark();
  }

  function drawFields() {
    const box = $("fields");
    box.replaceChildren();
    for (const f of kind.fields) {
      const id = "f-" + f.name;
      let input;
      if (f.type === "choice") {
        input = el("select", { id });
        input.append(el("option", { value: "", text: f.required ? "choose" : "(none)" }));
        f.options.forEach((o) => input.append(el("option", { value: String(o), text: String(o) })));
      } else if (f.type === "bool") {
        input = el("input", { id, type: "checkbox" });
        input.checked = values[f.name] !== undefined ? values[f.name] : f.byDefault === true;
        input.addEventListener("change", () => { values[f.name] = input.checked; changed(); });
        box.append(el("label", { class: "field bool" }, input, " " + f.name, el("small", { text: f.help })));
        continue;
      } else if (f.name === "fleet" && fleets.length) {
        // A list to choose from, and room for a fleet the list lacks,
        // such as a new one a build forms.
        input = el("input", { id, type: "text", list: "fleet-list", autocomplete: "off", spellcheck: "false",
          placeholder: "tap a fleet on the map, or choose" });
      } else {
        input = el("input", { id, type: f.type === "number" ? "number" : "text", autocomplete: "off", spellcheck: "false" });
        if (f.type === "list") input.placeholder = "names, comma between";
        if (f.type === "yaml") input.placeholder = "as YAML, e.g. {name: value}";
      }
      if (values[f.name] !== undefined) input.value = values[f.name];
      input.addEventListener("input", () => { values[f.name] = input.value; changed(); });
      input.addEventListener("change", () => { values[f.name] = input.value; changed(); });
      const help = el("small", { text: (f.required ? "" : "optional. ") + f.help });
      box.append(el("label", { class: "field" }, f.name, input, help));
    }
    const list = el("datalist", { id: "fleet-list" });
    fleets.forEach((fl) => list.append(el("option", { value: fl.id, label: fl.id + " at " + fl.at + " (" + fl.label + ")" })));
    box.append(list, el("div", { class: "chooser", id: "chooser" }));
  }

  // orderYAML writes the order on the form as one flow-style line, or
  // returns "" while nothing is filled in.
  function orderYAML() {
    const parts = [];
    for (const f of kind.fields) {
      const v = values[f.name];
      if (f.type === "bool") {
        // Written only where it differs from the default.
        if (v !== undefined && v !== (f.byDefault === true)) parts.push(f.name + ": " + v);
        continue;
      }
      if (v === undefined || v === "") continue;
      else if (f.type === "number") parts.push(f.name + ": " + Number(v));
      else if (f.type === "yaml") parts.push(f.name + ": " + v);
      else if (f.type === "list") {
        const items = String(v).split(",").map((s) => s.trim()).filter((s) => s);
        if (items.length) parts.push(f.name + ": [" + items.map(scalar).join(", ") + "]");
      } else parts.push(f.name + ": " + scalar(v));
    }
    return parts.length ? kind.name + ": {" + parts.join(", ") + "}" : "";
  }

  // mailText is the mail: the header with token as its token line, and
  // the orders. The check is sent the same text with a stand-in for the
  // token, so that its lines are numbered as the mail's.
  function mailText(token) {
    let s = "campaign: " + scalar(plan.campaign) + "\nplayer: " + scalar(plan.player) + "\nturn: " + plan.turn + "\n";
    s += "token: " + scalar(token) + "\n";
    s += "final: " + ($("final").checked ? "true" : "false") + "\norders:\n";
    s += orders.length ? orders.map((o) => "  - " + o + "\n").join("") : "  []\n";
    return s;
  }

  // typedToken is the token the player typed, or a stand-in that says
  // what goes there.
  function typedToken() {
    return $("token").value.trim() || "YOUR-TOKEN";
  }

  // A tap on the map: a fleet first, where the kind orders one and none
  // is chosen; then the systems it goes to.
  function tapped(system) {
    if (!kind) return;
    const here = fleets.filter((f) => f.at === system);
    const chooser = $("chooser");
    chooser.replaceChildren();
    if (kind.fleet && !values.fleet && here.length) {
      if (here.length === 1) { setValue("fleet", here[0].id); return; }
      here.forEach((f) => {
        const b = el("button", { type: "button", text: f.id + " (" + f.label + ")" });
        b.addEventListener("click", () => { chooser.replaceChildren(); setValue("fleet", f.id); });
        chooser.append(b);
      });
      return;
    }
    const place = kind.places.find((f) => f.type === "list") ||
      kind.places.find((f) => !values[f.name]) || kind.places[kind.places.length - 1];
    if (!place) return;
    if (place.type === "list") {
      const now = String(values[place.name] || "").split(",").map((s) => s.trim()).filter((s) => s);
      now.push(system);
      setValue(place.name, now.join(", "));
    } else setValue(place.name, system);
  }

  function setValue(name, v) {
    values[name] = v;
    const input = $("f-" + name);
    if (input) input.value = v;
    changed();
  }

  // mark shows on the map the chosen fleet's system and the route.
  function mark() {
    if (!svg) return;
    svg.querySelectorAll(".system").forEach((g) => g.classList.remove("picked", "route"));
    const fl = fleets.find((f) => f.id === values.fleet);
    if (fl) svg.querySelectorAll('.system[data-system="' + CSS.escape(fl.at) + '"]').forEach((g) => g.classList.add("picked"));
    for (const p of kind ? kind.places : []) {
      String(values[p.name] || "").split(",").map((s) => s.trim()).filter((s) => s).forEach((id) =>
        svg.querySelectorAll('.system[data-system="' + CSS.escape(id) + '"]').forEach((g) => g.classList.add("route")));
    }
  }

  function drawOrders() {
    const list = $("orders");
    list.replaceChildren();
    orders.forEach((o, i) => {
      const rm = el("button", { type: "button", text: "remove", "aria-label": "remove order " + (i + 1) });
      rm.addEventListener("click", () => { orders.splice(i, 1); changed(); });
      list.append(el("li", {}, el("code", { text: o }), rm));
    });
    $("no-orders").hidden = orders.length > 0;
  }

  let timer = 0, asked = 0;
  function changed() {
    mark();
    drawOrders();
    const pending = orderYAML();
    $("add").disabled = !pending;
    $("yaml").textContent = mailText($("token").value.trim() ? "(your token)" : "YOUR-TOKEN");
    // RFC 6068: line breaks in a mailto: body are %0D%0A.
    $("mailto").href = "mailto:" + encodeURIComponent(plan.address).replace(/%40/g, "@") + "?subject=" + encodeURIComponent("orders for turn " + plan.turn) +
      "&body=" + encodeURIComponent(mailText(typedToken()).replace(/\n/g, "\r\n"));
    clearTimeout(timer);
    timer = setTimeout(check, 350);
  }

  // check asks pbemd for the reply these orders would get, the order on
  // the form included, without the token.
  async function check() {
    const n = ++asked;
    const pending = orderYAML();
    const body = mailText("not sent to the page").replace(/orders:\n  \[\]\n$/, "orders:\n") + (pending ? "  - " + pending + "\n" : "");
    const status = $("status");
    status.textContent = "Checking…";
    status.className = "status";
    try {
      const r = await fetch("check", { method: "POST", body, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      if (n !== asked) return;
      if (!r.ok) throw new Error(await r.text());
      const a = await r.json();
      status.textContent = (a.accepted ? "pbemd would accept these orders" : "pbemd would not accept these orders") +
        (pending ? ", with the order on the form added." : ".");
      status.className = "status " + (a.accepted ? "ok" : "bad");
      $("reply").textContent = a.text;
    } catch (err) {
      if (n !== asked) return;
      status.textContent = "Could not check: " + String(err.message || err).trim();
      status.className = "status bad";
    }
  }

  $("add").addEventListener("click", () => {
    const o = orderYAML();
    if (!o) return;
    orders.push(o);
    chooseKind(kind.name);
    changed();
  });
  $("clear-form").addEventListener("click", () => { chooseKind(kind.name); changed(); });
  $("kind").addEventListener("change", () => { chooseKind($("kind").value); changed(); });
  $("final").addEventListener("change", changed);
  const token = $("token");
  try { token.value = localStorage.getItem(tokenKey) || ""; } catch (e) { /* storage off: typed each time */ }
  token.addEventListener("input", () => {
    try { localStorage.setItem(tokenKey, token.value.trim()); } catch (e) { /* storage off */ }
    changed();
  });
  $("mailto").addEventListener("click", (e) => {
    if (!token.value.trim()) {
      e.preventDefault();
      $("copied").textContent = "Type your token first: pbemd refuses orders without it.";
      token.focus();
    }
  });
  $("copy").addEventListener("click", async () => {
    const text = mailText(typedToken());
    try {
      await navigator.clipboard.writeText(text);
      $("copied").textContent = "Copied. Paste it as the whole text of a plain mail to " + plan.address + ".";
    } catch (e) {
      $("copied").textContent = "Your browser would not copy; select the orders above and copy them.";
    }
  });
  listeners.push(tapped);

  fetch("schema.json").then((r) => r.json()).then((schema) => {
    kinds = kindsOf(schema);
    kinds.forEach((k) => $("kind").append(el("option", { value: k.name, text: k.name })));
    chooseKind(kinds[0].name);
    changed();
  }).catch((err) => {
    $("status").textContent = "Could not load the order kinds: " + err;
    $("status").className = "status bad";
  });
})();
