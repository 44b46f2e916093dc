package serve

import (
	"html/template"
	"time"
)

var funcs = template.FuncMap{
	"date": func(t time.Time) string {
		if t.IsZero() {
			return "–"
		}
		return t.UTC().Format("2006-01-02 15:04 UTC")
	},
}

const style = `<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#222;background:#f6f7f9}
header{background:#1f3a5f;color:#fff;padding:10px 20px}header a{color:#cfe0ff;margin-right:14px}
h1{font-size:20px;margin:0}h2{font-size:16px;margin:18px 0 6px}
main{padding:10px 20px;max-width:1200px}
table{border-collapse:collapse;background:#fff;margin:4px 0}
th,td{border:1px solid #dde;padding:3px 8px;text-align:right}th{background:#eef1f6}
td.l,th.l{text-align:left}
.state{display:inline-block;padding:1px 8px;border-radius:9px;font-size:12px;color:#fff}
.running{background:#2e7d32}.finished{background:#1f5fbf}.interrupted{background:#b26a00}
.gone{color:#b00020;font-weight:bold}.alive{color:#2e7d32}
.bar{width:420px;height:14px;background:#dde;border-radius:7px;overflow:hidden;display:inline-block;vertical-align:middle}
.bar div{height:100%;background:#2e7d32}
.cards{display:flex;gap:14px;flex-wrap:wrap}.card{background:#fff;border:1px solid #dde;border-radius:6px;padding:8px 14px;min-width:140px}
.card b{display:block;font-size:22px}
.note{color:#666;font-size:12px}
pre{background:#fff;border:1px solid #dde;padding:6px;max-height:260px;overflow:auto;font-size:12px}
svg .ci{stroke:#4a78c2;stroke-width:2}svg .pt{fill:#2456a8}svg .lead{fill:#d4380d}svg .grid{stroke:#eee}svg text{font-size:11px;fill:#444}
.better{color:#2e7d32;font-weight:bold}
.answer{border:1px solid #d9b36c;background:#fff8e6;border-radius:6px;padding:8px 16px;margin:0 0 12px}.answer.better{border-color:#7fbf8e;background:#eef8f0}
.answer .headline{font-size:19px;font-weight:600;margin:4px 0}.answer .winner{font-size:15px;margin:4px 0 8px}
.answer .next div{margin:3px 0 3px 12px}.answer code{background:#fff;border:1px solid #ccc;border-radius:3px;padding:1px 5px;font-size:13px}
.answer .small{color:#555;margin:2px 0;font-size:13px}.answer.better{color:#222;font-weight:normal}
</style>`

var listPage = template.Must(template.New("list").Funcs(funcs).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tourney runs</title>` + style + `</head>
<body><header><h1>tourney: runs in {{.Dirs}}</h1></header><main>
<form action="/compare" method="get">
<table id="runs">
<tr><th></th><th class="l">run</th><th class="l">method</th><th>variants</th><th>games</th><th>state</th><th class="l">verdict</th><th class="l">winner</th><th>date</th><th></th></tr>
{{range .Runs}}<tr data-key="{{.Key}}"><td><input type="checkbox" name="k" value="{{.Key}}"></td>
<td class="l"><a href="/run?k={{.Key}}">{{.Name}}</a><div class="note">{{.Dir}}</div></td><td class="l">{{.Method}}</td><td>{{.Variants}}</td>
<td class="games">{{.Games}}</td><td><span class="state {{.State}}">{{.State}}</span></td>
<td class="l{{if .Better}} better{{end}}">{{.Verdict}}</td><td class="l">{{.Winner}}</td><td>{{date .Date}}</td>
<td>{{if eq .State "finished"}}<a href="/report?k={{.Key}}">report</a>{{end}}</td></tr>
{{else}}<tr><td colspan="10" class="l">no runs here yet (a run folder holds space.toml, games.csv or summary.json)</td></tr>
{{end}}</table>
<p><button type="submit">compare the checked runs</button> <span class="note">runs of the same space (the same varied parameters)</span></p>
</form>
<div id="errors" class="gone"></div>
</main>
<script>
"use strict";
window.addEventListener("error", function(e){ document.getElementById("errors").textContent = "script error: " + e.message; });
// the games and states of running runs, every 3 s
function refresh(){
  fetch("/api/runs").then(function(r){ return r.json(); }).then(function(runs){
    runs.forEach(function(run){
      var tr = document.querySelector('tr[data-key="' + CSS.escape(run.Key) + '"]');
      if (!tr) return;
      tr.querySelector(".games").textContent = run.Games;
      var st = tr.querySelector(".state"); st.textContent = run.State; st.className = "state " + run.State;
    });
  }).catch(function(){});
}
setInterval(refresh, 3000);
</script>
</body></html>`))

var livePage = template.Must(template.New("live").Funcs(funcs).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Name}}: tourney</title>` + style + `</head>
<body><header><h1>{{.Name}} <span id="state" class="state {{.State}}">{{.State}}</span></h1>
<a href="/">all runs</a><a id="report" href="/report?k={{.Key}}"{{if ne .State "finished"}} hidden{{end}}>report</a><span class="note">{{.Dir}} · {{.Method}}</span></header>
<main data-key="{{.Key}}">
<section id="answer" class="answer" hidden><p id="headline" class="headline"></p><p id="winner" class="winner"></p><div id="next" class="next"></div><div id="notes"></div></section>
<div class="cards">
<div class="card">games<b id="games">{{.Games}}</b><span id="bound" class="note"></span></div>
<div class="card">progress<b id="pct">–</b><span class="bar"><div id="bar" style="width:0"></div></span></div>
<div class="card">rate<b id="rate">–</b><span class="note">games/s</span></div>
<div class="card">elapsed · ETA<b id="eta">–</b><span id="elapsed" class="note"></span></div>
<div class="card">leader<b id="leader">–</b><span id="leaderelo" class="note"></span></div>
</div>
<p id="verdict" class="l"></p>
<div id="historybox" hidden><h2>The leader over the games</h2><p class="note">The leading variant's rating against the anchor at each fit, with its 95 % interval (shaded); a change of leader is a new colour.</p><div id="history"></div></div>
<h2>Ratings so far</h2>
<p id="fitnote" class="note"></p>
<div id="chart"></div>
<table id="ratings"><thead><tr><th class="l">entrant</th><th class="l">values</th><th>games</th><th>points/game</th><th>Elo</th><th>95 % interval</th></tr></thead><tbody></tbody></table>
<h2>Effects so far</h2>
<p class="note">Mean rating so far of the played variants at each value (variants without games do not count).</p>
<table id="effects"><thead><tr><th class="l">parameter</th><th>value</th><th>mean Elo</th><th>variants</th></tr></thead><tbody></tbody></table>
<h2>Forfeits</h2>
<table id="forfeits"><thead><tr><th class="l">entrant</th><th class="l">bot</th><th class="l">reason</th><th>seats</th></tr></thead><tbody></tbody></table>
<div id="workersbox" hidden><h2>Workers</h2><p id="workersnote" class="note"></p>
<table id="workers"><thead><tr><th class="l">worker</th><th>slots</th><th>games back</th><th>played</th><th>last seen</th><th>state</th><th class="l">failures</th></tr></thead><tbody></tbody></table></div>
<div id="logbox" hidden><h2>The sweep's log (the planner's decisions)</h2><pre id="log"></pre></div>
<p class="note">Updated <span id="updated">–</span>; the page reads games.csv as the sweep writes it (at least every second) and never writes to the run's folder.</p>
<div id="errors" class="gone"></div>
</main>
<script>
"use strict";
window.addEventListener("error", function(e){ document.getElementById("errors").textContent = "script error: " + e.message; });
var key = document.querySelector("main").dataset.key;
function $(id){ return document.getElementById(id); }
function fmt(x){ return (x > 0 ? "+" : "") + x.toFixed(1); }
function rows(id, list, cells){
  var tb = $(id).querySelector("tbody");
  tb.textContent = "";
  list.forEach(function(item){
    var tr = document.createElement("tr");
    cells(item).forEach(function(c, i){
      var td = document.createElement("td");
      if (typeof c === "object" && c !== null) { td.textContent = c.text; if (c.cls) td.className = c.cls; }
      else td.textContent = c;
      if (i === 0 && !(typeof c === "object" && c !== null && c.cls)) td.className = "l";
      tr.appendChild(td);
    });
    tb.appendChild(tr);
  });
}
var NS = "http://www.w3.org/2000/svg";
function el(name, attrs, text){
  var e = document.createElementNS(NS, name);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function chart(rs){
  var box = $("chart"); box.textContent = "";
  var list = rs.slice(0, 20);
  if (!list.length) return;
  var lo = Infinity, hi = -Infinity;
  list.forEach(function(r){ lo = Math.min(lo, r.Lo, r.Elo); hi = Math.max(hi, r.Hi, r.Elo); });
  if (hi <= lo) { hi = lo + 1; }
  var W = 640, left = 130, row = 16, H = row * list.length + 24;
  var x = function(v){ return left + 10 + (v - lo) / (hi - lo) * (W - left - 30); };
  var svg = el("svg", {width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": "ratings so far"});
  var step = Math.pow(10, Math.floor(Math.log10((hi - lo) / 4)));
  for (var t = Math.ceil(lo / step) * step; t <= hi; t += step) {
    svg.appendChild(el("line", {x1: x(t), x2: x(t), y1: 0, y2: H - 16, "class": "grid"}));
    svg.appendChild(el("text", {x: x(t), y: H - 3, "text-anchor": "middle"}, Math.round(t)));
  }
  list.forEach(function(r, i){
    var y = i * row + row / 2 + 2;
    svg.appendChild(el("text", {x: left - 4, y: y + 4, "text-anchor": "end"}, r.Who));
    svg.appendChild(el("line", {x1: x(r.Lo), x2: x(r.Hi), y1: y, y2: y, "class": "ci"}));
    var c = el("circle", {cx: x(r.Elo), cy: y, r: 4, "class": i === 0 ? "pt lead" : "pt"});
    c.appendChild(el("title", {}, r.Who + ": " + fmt(r.Elo) + " [" + fmt(r.Lo) + ", " + fmt(r.Hi) + "]"));
    svg.appendChild(c);
  });
  box.appendChild(svg);
}
function history(hs){
  var box = $("history"); box.textContent = "";
  $("historybox").hidden = hs.length < 2;
  if (hs.length < 2) return;
  var lo = Infinity, hi = -Infinity, g0 = hs[0].Games, g1 = hs[hs.length - 1].Games;
  hs.forEach(function(h){ lo = Math.min(lo, h.Lo, 0); hi = Math.max(hi, h.Hi, 0); });
  if (hi <= lo) hi = lo + 1;
  if (g1 <= g0) g1 = g0 + 1;
  var W = 640, H = 150, L = 50, B = 20;
  var x = function(g){ return L + (g - g0) / (g1 - g0) * (W - L - 10); };
  var y = function(v){ return 6 + (hi - v) / (hi - lo) * (H - B - 6); };
  var svg = el("svg", {width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": "the leader over the games"});
  var band = "", line = "";
  hs.forEach(function(h, i){ band += (i ? "L" : "M") + x(h.Games) + "," + y(h.Hi); });
  for (var i = hs.length - 1; i >= 0; i--) band += "L" + x(hs[i].Games) + "," + y(hs[i].Lo);
  svg.appendChild(el("path", {d: band + "Z", fill: "#c9d8f0"}));
  svg.appendChild(el("line", {x1: L, x2: W - 10, y1: y(0), y2: y(0), "class": "grid", stroke: "#999"}));
  svg.appendChild(el("text", {x: L - 4, y: y(0) + 4, "text-anchor": "end"}, "0"));
  svg.appendChild(el("text", {x: L - 4, y: y(hi) + 8, "text-anchor": "end"}, Math.round(hi)));
  svg.appendChild(el("text", {x: L - 4, y: y(lo), "text-anchor": "end"}, Math.round(lo)));
  svg.appendChild(el("text", {x: L, y: H - 4}, g0 + " games"));
  svg.appendChild(el("text", {x: W - 10, y: H - 4, "text-anchor": "end"}, g1 + " games"));
  var colours = ["#2456a8", "#d4380d", "#2e7d32", "#8172b2", "#937860"], who = {}, k = 0;
  hs.forEach(function(h, i){
    if (!(h.Who in who)) who[h.Who] = colours[k++ % colours.length];
    if (i > 0) svg.appendChild(el("line", {x1: x(hs[i-1].Games), y1: y(hs[i-1].Elo), x2: x(h.Games), y2: y(h.Elo), stroke: who[h.Who], "stroke-width": 2}));
  });
  var last = hs[hs.length - 1];
  svg.appendChild(el("text", {x: x(last.Games) - 4, y: y(last.Elo) - 6, "text-anchor": "end"}, last.Who));
  box.appendChild(svg);
}
function show(s){
  $("state").textContent = s.State; $("state").className = "state " + s.State;
  $("report").hidden = !s.HasReport;
  $("games").textContent = s.Games;
  $("bound").textContent = s.MaxGames ? "of " + s.MinGames + " to " + s.MaxGames + " (the plan's bounds)" : "";
  var pct = s.MaxGames || s.Finished ? Math.round(100 * s.Progress) + " %" : "–";
  $("pct").textContent = pct; $("bar").style.width = (100 * s.Progress) + "%";
  $("rate").textContent = s.Rate ? s.Rate.toFixed(1) : "–";
  $("eta").textContent = s.Finished ? "done" : (s.ETA || "–");
  $("elapsed").textContent = s.Elapsed ? "running for " + s.Elapsed : "";
  if (s.Leader) {
    $("leader").textContent = s.Leader.Who;
    $("leaderelo").textContent = fmt(s.Leader.Elo) + " Elo [" + fmt(s.Leader.Lo) + ", " + fmt(s.Leader.Hi) + "] " + (s.Leader.Params || "");
  }
  $("verdict").textContent = "";
  var a = s.Answer;
  $("answer").hidden = !a;
  if (a) {
    $("answer").className = "answer" + (a.Better ? " better" : "");
    $("headline").textContent = a.Headline;
    $("winner").textContent = a.Winner || "";
    var nx = $("next"); nx.textContent = "";
    if (a.Next && a.Next.length) {
      var b = document.createElement("b"); b.textContent = "Next"; nx.appendChild(b);
      a.Next.forEach(function(n){
        var d = document.createElement("div");
        if (n.Command) { var c = document.createElement("code"); c.textContent = n.Command; d.appendChild(c); d.appendChild(document.createTextNode(" ")); }
        var w = document.createElement("span"); w.textContent = n.Why; d.appendChild(w);
        nx.appendChild(d);
      });
    }
    var ns = $("notes"); ns.textContent = "";
    (a.Notes || []).forEach(function(t){ var p = document.createElement("p"); p.className = "small"; p.textContent = t; ns.appendChild(p); });
  }
  $("fitnote").textContent = (s.Anchor ? "0 Elo = " + s.Anchor + ". " : "") + (s.FitNote || "");
  chart(s.Ratings || []);
  history(s.History || []);
  rows("ratings", s.Ratings || [], function(r){ return [r.Who, {text: r.Params || "", cls: "l"}, r.Games, r.Score.toFixed(3), fmt(r.Elo), fmt(r.Lo) + " … " + fmt(r.Hi)]; });
  rows("effects", s.Effects || [], function(e){ return [e.Param, e.Value, fmt(e.Mean), e.Variants]; });
  rows("forfeits", s.Forfeits || [], function(f){ return [f.Who, {text: f.Bot, cls: "l"}, {text: f.Reason, cls: "l"}, f.Count]; });
  var ws = s.Workers || [];
  $("workersbox").hidden = ws.length === 0;
  $("workersnote").textContent = "workers.json of " + (s.WorkersUpdated || "–") + (s.WorkersStale ? ": stale, no coordinator writes it" : "") + "; a worker unheard for 6 s is gone";
  rows("workers", ws, function(w){
    var ago = Math.max(0, Math.round((Date.now() - Date.parse(w.last_seen)) / 1000));
    return [w.name, w.slots, w.games, w.played, w.last_seen ? ago + " s ago" : "–", {text: w.alive ? "alive" : "gone", cls: w.alive ? "alive" : "gone"}, {text: (w.failures || []).join("; "), cls: "l"}];
  });
  var log = s.Log || [];
  $("logbox").hidden = log.length === 0;
  $("log").textContent = log.join("\n");
  $("updated").textContent = s.Updated;
}
function poll(){
  fetch("/api/live?k=" + encodeURIComponent(key)).then(function(r){
    if (!r.ok) throw new Error("HTTP " + r.status);
    return r.json();
  }).then(function(s){
    show(s);
    setTimeout(poll, s.Finished ? 10000 : 1000);
  }).catch(function(){ $("updated").textContent = "the server does not answer (the sweep ended?)"; setTimeout(poll, 5000); });
}
poll();
</script>
</body></html>`))

var comparePage = template.Must(template.New("compare").Funcs(funcs).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>compare: tourney</title>` + style + `</head>
<body><header><h1>Comparison</h1><a href="/">all runs</a></header><main>
{{if .Problem}}<p id="problem" class="gone">{{.Problem}}</p>{{else}}
<p class="note">Varied parameters: {{range .Params}}{{.}} {{end}}</p>
<h2>Runs and verdicts</h2>
<table id="runs">
<tr><th class="l"></th>{{range .Runs}}<th class="l"><a href="/run?k={{.Key}}">{{.Label}}</a> ({{.Name}})<div class="note">{{.Dir}}</div></th>{{end}}</tr>
<tr><th class="l">date</th>{{range .Runs}}<td class="l">{{date .Date}}</td>{{end}}</tr>
<tr><th class="l">state</th>{{range .Runs}}<td class="l"><span class="state {{.State}}">{{.State}}</span></td>{{end}}</tr>
<tr><th class="l">method</th>{{range .Runs}}<td class="l">{{.Method}}</td>{{end}}</tr>
<tr><th class="l">variants · games</th>{{range .Runs}}<td class="l">{{.Variants}} · {{.Games}}</td>{{end}}</tr>
<tr><th class="l">time</th>{{range .Runs}}<td class="l">{{.Elapsed}}</td>{{end}}</tr>
<tr><th class="l">winner</th>{{range .Runs}}<td class="l winner">{{.Winner}}</td>{{end}}</tr>
<tr><th class="l">winner vs defaults (Elo, interval)</th>{{range .Runs}}<td class="l">{{.WinnerElo}}</td>{{end}}</tr>
<tr><th class="l">P(best)</th>{{range .Runs}}<td class="l">{{.PBest}}</td>{{end}}</tr>
<tr><th class="l">verdict</th>{{range .Runs}}<td class="l{{if .Better}} better{{end}}">{{.Verdict}}</td>{{end}}</tr>
</table>
<h2>Effects (effects.csv: Elo against the parameter's default value, interval)</h2>
<table id="effects"><tr><th class="l">parameter = value</th>{{range .Runs}}<th class="l">{{.Label}}</th>{{end}}</tr>
{{range .Effects}}<tr><td class="l">{{.Label}}</td>{{range .Cells}}<td class="l">{{.}}</td>{{end}}</tr>{{end}}
</table>
<h2>Ratings (variants.csv; ★ the run's winner; the best 25)</h2>
<table id="ratings"><tr><th class="l">variant</th>{{range .Runs}}<th class="l">{{.Label}}</th>{{end}}</tr>
{{range .Ratings}}{{$best := .Best}}<tr><td class="l">{{.Label}}</td>{{range $i, $c := .Cells}}<td class="l">{{if index $best $i}}★ {{end}}{{$c}}</td>{{end}}</tr>{{end}}
</table>
{{end}}
</main></body></html>`))
