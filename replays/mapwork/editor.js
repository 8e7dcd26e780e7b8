// awaw map edit: paint hex facts, click hexsides, confirm sampled facts, save the map-data file.
// Everything the page needs is inline (no network). The data is the <script id="awaw-map"> JSON block.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("awaw-map").textContent);
  const ROWS = DATA.rows; // "A" ... "Z", "AA", "BB" ... "NN"
  const NEW_RULES = ["map"];
  const map = DATA.map;
  const hexes = new Map(); // hex id -> entry (as written in the file)
  const sides = new Map(); // "A|B" -> entry
  (map.hexes || []).forEach((e) => hexes.set(e.hex, e));
  (map.hexsides || []).forEach((e) => sides.set(e.between[0] + "|" + e.between[1], e));
  let changed = 0;

  const $ = (id) => document.getElementById(id);
  const layer = () => $("layer").value;
  const value = () => $("value").value;
  const sideTool = () => $("side-tool").value;

  function provenance(entry, fact) {
    return (entry.provenance || []).find((p) => p.fact === fact);
  }
  function confirm(entry, fact) {
    if (!entry.provenance) return false;
    const before = entry.provenance.length;
    entry.provenance = entry.provenance.filter((p) => p.fact !== fact);
    if (!entry.provenance.length) delete entry.provenance;
    return before !== (entry.provenance ? entry.provenance.length : 0);
  }
  const FACTLESS = new Set(["hex", "between", "rules", "note", "provenance"]);
  function empty(entry) {
    return Object.keys(entry).every((k) => FACTLESS.has(k)) && !entry.note;
  }

  // -- drawing ------------------------------------------------------------------------------------------------
  function colourOf(entry, fact) {
    const v = entry ? entry[fact] : undefined;
    if (v === undefined || v === null || v === "") return null;
    const known = (DATA.colours[fact] || {})[v];
    if (known) return known;
    let h = 0; // a stable colour for a free word (a country)
    for (const c of String(v)) h = (h * 31 + c.charCodeAt(0)) % 360;
    return "hsl(" + h + ",55%,60%)";
  }
  function drawHex(el) {
    const entry = hexes.get(el.dataset.hex);
    const fact = layer();
    const fill = colourOf(entry, fact);
    el.style.fill = fill || "transparent";
    el.style.fillOpacity = fill ? (DATA.image ? 0.45 : 0.9) : 0;
    el.classList.toggle("sampled", !!(entry && provenance(entry, fact)));
    el.querySelector("title").textContent =
      el.dataset.hex + (entry && entry[fact] !== undefined ? ": " + fact + " " + entry[fact] +
        (provenance(entry, fact) ? " (sampled, " + provenance(entry, fact).confidence + ")" : "") : "");
  }
  function sideWhat(entry) {
    if (!entry) return null;
    if (entry.river) return entry.river;
    if (entry.crossing_arrow) return "crossing_arrow";
    if (entry.all_water) return "all_water";
    return null;
  }
  function drawSide(el) {
    const entry = sides.get(el.dataset.between);
    const what = sideWhat(entry);
    el.dataset.what = what || "";
    el.classList.toggle("sampled", !!(entry && what && (provenance(entry, "river") || provenance(entry, what))));
  }
  function redraw() {
    document.querySelectorAll("#hexes polygon").forEach(drawHex);
    document.querySelectorAll("#sides line").forEach(drawSide);
    refreshSampled();
  }

  // -- editing ------------------------------------------------------------------------------------------------
  function paint(hex) {
    const fact = layer();
    const v = value();
    let entry = hexes.get(hex);
    if (!entry) {
      if (v === "") return;
      entry = { hex: hex, rules: NEW_RULES.slice() };
      hexes.set(hex, entry);
    }
    if (v === "") delete entry[fact];
    else entry[fact] = v;
    confirm(entry, fact); // what a person paints is a person's fact
    if (empty(entry)) hexes.delete(hex);
    changed++;
  }
  function clickSide(key) {
    const tool = sideTool();
    let entry = sides.get(key);
    if (!entry) {
      if (tool === "none") return;
      entry = { between: key.split("|"), rules: NEW_RULES.slice() };
      sides.set(key, entry);
    }
    const fact = tool === "river" || tool === "canal" ? "river" : tool;
    if (tool === "none") {
      ["river", "crossing_arrow", "all_water"].forEach((f) => { delete entry[f]; confirm(entry, f); });
    } else if ((fact === "river" && entry.river === tool) || (fact !== "river" && entry[fact])) {
      if (!confirm(entry, fact)) { delete entry[fact]; } // a click confirms a sampled line, a second removes it
    } else {
      entry[fact] = fact === "river" ? tool : fact === "all_water" ? "ocean" : true;
      confirm(entry, fact);
    }
    if (empty(entry)) sides.delete(key);
    changed++;
  }

  let painting = false;
  const svg = $("map");
  svg.addEventListener("mousedown", (ev) => {
    const t = ev.target;
    if (t.dataset.between !== undefined) { clickSide(t.dataset.between); drawSide(t); refreshSampled(); status(); ev.preventDefault(); return; }
    if (t.dataset.hex !== undefined) { painting = true; paint(t.dataset.hex); drawHex(t); status(); ev.preventDefault(); }
  });
  svg.addEventListener("mouseover", (ev) => {
    const t = ev.target;
    if (painting && t.dataset.hex !== undefined) { paint(t.dataset.hex); drawHex(t); status(); }
  });
  window.addEventListener("mouseup", () => { if (painting) { painting = false; refreshSampled(); } });

  function fillValues() {
    const fact = layer();
    const sel = $("value");
    sel.innerHTML = "";
    const words = DATA.vocab[fact];
    $("value-word").hidden = !!words;
    sel.hidden = !words;
    if (words) {
      ["", ...words].forEach((w) => {
        const o = document.createElement("option");
        o.value = w; o.textContent = w || "(clear)"; sel.appendChild(o);
      });
    }
    redraw();
  }
  $("layer").addEventListener("change", fillValues);
  $("value-word").addEventListener("input", () => {
    const sel = $("value");
    sel.innerHTML = "";
    const o = document.createElement("option");
    o.value = $("value-word").value.trim().toLowerCase().replace(/[^a-z0-9_]+/g, "_");
    sel.appendChild(o);
  });

  // -- sampled facts --------------------------------------------------------------------------------------------
  function sampledFacts() {
    const found = [];
    for (const e of hexes.values()) (e.provenance || []).forEach((p) => found.push([e, p]));
    for (const e of sides.values()) (e.provenance || []).forEach((p) => found.push([e, p]));
    return found;
  }
  function chosen() {
    const least = Number($("confidence").value);
    const which = $("confirm-fact").value;
    return sampledFacts().filter(([, p]) => p.confidence >= least && (which === "all" || p.fact === which));
  }
  function refreshSampled() {
    $("sampled-count").textContent = String(sampledFacts().length);
    $("confidence-shown").textContent = Number($("confidence").value).toFixed(2);
    $("confirm").textContent = "Confirm " + chosen().length;
  }
  $("confidence").addEventListener("input", refreshSampled);
  $("confirm-fact").addEventListener("change", refreshSampled);
  $("confirm").addEventListener("click", () => {
    const picked = chosen();
    picked.forEach(([e, p]) => confirm(e, p.fact));
    changed += picked.length;
    redraw();
    status("confirmed " + picked.length + " sampled facts");
  });

  // -- saving -------------------------------------------------------------------------------------------------
  function order(id) {
    const m = /^(EUR|PAC):([A-Z]+)(\d+)$/.exec(id);
    return [m[1], ROWS.indexOf(m[2]), Number(m[3])];
  }
  function compare(a, b) {
    const x = order(a), y = order(b);
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  }
  function flow(v) {
    if (Array.isArray(v)) return "[" + v.map(flow).join(", ") + "]";
    if (v !== null && typeof v === "object") {
      return "{" + Object.keys(v).filter((k) => v[k] !== null && v[k] !== undefined)
        .map((k) => JSON.stringify(k) + ": " + flow(v[k])).join(", ") + "}";
    }
    return JSON.stringify(v);
  }
  function text() {
    const out = ["# Written by awaw map edit from " + DATA.file + " (the comments of the file it was opened from are not kept)."];
    ["format", "name", "version", "description"].forEach((k) => {
      if (map[k] !== undefined && map[k] !== "") out.push(k + ": " + JSON.stringify(map[k]));
    });
    if (map.extent && map.extent.length) { out.push("extent:"); map.extent.forEach((e) => out.push("  - " + flow(e))); }
    const hs = [...hexes.values()].sort((a, b) => compare(a.hex, b.hex));
    if (hs.length) { out.push("hexes:"); hs.forEach((e) => out.push("  - " + flow(e))); }
    const ss = [...sides.values()].sort((a, b) => compare(a.between[0], b.between[0]) || compare(a.between[1], b.between[1]));
    if (ss.length) { out.push("hexsides:"); ss.forEach((e) => out.push("  - " + flow(e))); }
    return out.join("\n") + "\n";
  }
  $("save").addEventListener("click", () => {
    const blob = new Blob([text()], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = DATA.file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    status("saved " + DATA.file + " (to your downloads folder)");
    changed = 0;
  });
  window.addEventListener("beforeunload", (ev) => { if (changed) { ev.preventDefault(); ev.returnValue = ""; } });

  const size = [Number(svg.getAttribute("width")), Number(svg.getAttribute("height"))];
  let zoom = 1;
  function zoomBy(factor) {
    zoom = Math.min(8, Math.max(0.25, zoom * factor));
    svg.setAttribute("width", String(size[0] * zoom));
    svg.setAttribute("height", String(size[1] * zoom));
  }
  $("zoom-in").addEventListener("click", () => zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => zoomBy(0.8));

  function status(words) {
    $("status").textContent = words || (changed ? changed + " change(s) not saved" : "");
  }
  window.awawMapEditor = { text: text, hexes: hexes, sides: sides };
  fillValues();
  status();
})();
