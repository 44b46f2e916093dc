package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"tourney/tuner/records"
)

// Options configure Write.
type Options struct {
	// MaxGames bounds the games embedded in the viewer (0: 60). The final
	// round's games come first, then games spread over the run.
	MaxGames int
}

// pick chooses the records the viewer embeds.
func pick(recs []*records.Game, n int) []*records.Game {
	if len(recs) <= n {
		return recs
	}
	last := 0
	for _, r := range recs {
		last = max(last, r.Round)
	}
	chosen := map[int]bool{}
	var out []*records.Game
	for i := len(recs) - 1; i >= 0 && len(out) < n/2; i-- {
		if recs[i].Round == last {
			chosen[i] = true
			out = append(out, recs[i])
		}
	}
	step := float64(len(recs)) / float64(n-len(out))
	for x := 0.0; int(x) < len(recs) && len(out) < n; x += step {
		if !chosen[int(x)] {
			chosen[int(x)] = true
			out = append(out, recs[int(x)])
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out
}

type page struct {
	Name      string
	Dir       string
	Summary   []kv
	Answer    Answer
	History   []historyRow
	Notes     []string
	ValueName string
	Ratings   template.HTML
	SPSA      template.HTML // spsa.csv (continuous.go)
	CMAES     template.HTML // cmaes.csv (continuous.go)
	Variants  []variantRow
	Params    []string
	Effects   []effectView
	Model     *effectsView
	Bracket   []bracketRound
	Crosses   []crossView
	Forfeits  []Forfeit
	NForfeit  int
	Telemetry []teleView
	TeleCols  []string
	NRecords  int
	Places    [][]string
	NViewer   int
	Games     template.JS
}

type kv struct{ K, V string }

type variantRow struct {
	ID                        int
	Params                    []string
	Games                     int
	Points, Score, Rating, CI string
	Out                       string
	Pred                      bool // played no game: the rating is the effects' prediction
}

type effectView struct {
	Param string
	SVG   template.HTML
}

type bracketRound struct {
	Round      int
	Encounters []bracketEnc
}

type bracketEnc struct {
	Index int
	Rows  []BracketRow
}

type crossView struct {
	Title string
	Cols  []string
	Rows  []crossRowView
}

type crossRowView struct {
	Variant int
	Cells   []cellView
}

type cellView struct {
	Text  string
	Style template.CSS
}

type teleView struct {
	Title  string
	Keys   []string
	Rows   [][]string
	Charts []template.HTML
}

// Write renders the report as one self-contained HTML page (inline CSS,
// JavaScript and SVG; no network).
func Write(w io.Writer, d *Data, opt Options) error {
	if opt.MaxGames <= 0 {
		opt.MaxGames = 60
	}
	p := page{Name: d.Name, Dir: d.Dir, Notes: d.Notes, ValueName: d.valueName(), Params: d.Params,
		Ratings: template.HTML(d.ratingSVG()), TeleCols: teleCols, NRecords: len(d.Records), SPSA: d.spsaSection(), CMAES: d.cmaesSection()}
	p.Answer = AnswerOf(d.Dir, d.Summary)
	p.Summary = runFacts(d.Summary)
	p.History = d.history()
	if fcs, ok := d.Summary["field_checks"].([]any); ok {
		for _, x := range fcs {
			if fc, ok := x.(map[string]any); ok {
				p.Answer.Notes = append(p.Answer.Notes, "Against "+summaryText(fc["against"])+": "+fieldCheckText(fc)+".")
			}
		}
	}
	for _, v := range d.ranked() {
		r := variantRow{ID: v.ID, Params: v.Params, Games: v.Games, Points: fmtNum(v.Points), Score: fmtNum(v.Score),
			Rating: fmtElo(v.Rating), Out: v.Out}
		if !math.IsNaN(v.Lo) {
			r.CI = fmtElo(v.Lo) + " … " + fmtElo(v.Hi)
		}
		p.Variants = append(p.Variants, r)
	}
	for _, v := range d.predicted() {
		r := variantRow{ID: v.ID, Params: v.Params, Points: "–", Score: "–", Rating: "predicted " + fmtElo(v.Pred), Out: "not played", Pred: true}
		if !math.IsNaN(v.PredLo) {
			r.CI = fmtElo(v.PredLo) + " … " + fmtElo(v.PredHi)
		}
		p.Variants = append(p.Variants, r)
	}
	for _, e := range d.effects() {
		p.Effects = append(p.Effects, effectView{e.Param, template.HTML(e.SVG)})
	}
	p.Model = d.effectsView()
	for _, b := range d.Bracket {
		if len(p.Bracket) == 0 || p.Bracket[len(p.Bracket)-1].Round != b.Round {
			p.Bracket = append(p.Bracket, bracketRound{Round: b.Round})
		}
		br := &p.Bracket[len(p.Bracket)-1]
		if len(br.Encounters) == 0 || br.Encounters[len(br.Encounters)-1].Index != b.Encounter {
			br.Encounters = append(br.Encounters, bracketEnc{Index: b.Encounter})
		}
		e := &br.Encounters[len(br.Encounters)-1]
		e.Rows = append(e.Rows, b)
	}
	for _, c := range d.crosses() {
		cv := crossView{Title: c.Title, Cols: c.Cols}
		for _, r := range c.Rows {
			rv := crossRowView{Variant: r.Variant}
			for i, t := range r.Cells {
				st := template.CSS("")
				if h := r.Heat[i]; !math.IsNaN(h) {
					st = template.CSS(fmt.Sprintf("background:hsl(%d,60%%,85%%)", int(120*math.Max(0, math.Min(1, h)))))
				}
				rv.Cells = append(rv.Cells, cellView{t, st})
			}
			cv.Rows = append(cv.Rows, rv)
		}
		p.Crosses = append(p.Crosses, cv)
	}
	p.Forfeits, p.NForfeit = d.forfeits()
	if d.Places != nil {
		var buf bytes.Buffer
		if err := d.Places.WriteCSV(&buf); err == nil {
			rows, _ := csv.NewReader(&buf).ReadAll()
			p.Places = rows
		}
	}
	for _, t := range d.telemetry() {
		tv := teleView{Title: t.Title, Keys: t.Keys, Rows: t.Rows}
		for _, c := range t.Charts {
			tv.Charts = append(tv.Charts, template.HTML(c))
		}
		p.Telemetry = append(p.Telemetry, tv)
	}
	var views []*Viewer
	for _, r := range pick(d.Records, opt.MaxGames) {
		views = append(views, NewViewer(d.Dir, r))
	}
	p.NViewer = len(views)
	if views == nil {
		views = []*Viewer{}
	}
	js, err := json.Marshal(views) // escapes <, > and &: safe inside <script>
	if err != nil {
		return err
	}
	p.Games = template.JS(js)
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, p); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// summaryText writes a summary.json value: objects as k=v pairs in key
// order, lists space-separated.
func summaryText(v any) string {
	switch x := v.(type) {
	case map[string]any:
		var parts []string
		for _, k := range sortedKeys(x) {
			parts = append(parts, k+"="+summaryText(x[k]))
		}
		return strings.Join(parts, " ")
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, summaryText(e))
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprint(v)
}

// confirmText is a confirmation of summary.json in one line: Elo,
// interval, games, the test's state and the budget played.
func confirmText(cf map[string]any) string {
	num := func(k string) string {
		switch x := cf[k].(type) {
		case float64:
			return fmtElo(x)
		case json.Number:
			if f, err := x.Float64(); err == nil {
				return fmtElo(f)
			}
		}
		return "–"
	}
	t := fmt.Sprintf("%s Elo [%s, %s] in %s games, SPRT %s", num("elo"), num("elo_lo"), num("elo_hi"), summaryText(cf["games"]), summaryText(cf["state"]))
	if b, ok := cf["budget"].(string); ok && b != "" {
		t += ", budget " + b
	}
	return t
}

// fieldCheckText is a field check of summary.json (confirm --against)
// in one line.
func fieldCheckText(fc map[string]any) string {
	t := fmt.Sprintf("winner %s, defaults %s points a game; winner − defaults %s", summaryText(fc["winner_points"]), summaryText(fc["defaults_points"]), summaryText(fc["difference"]))
	if lo, ok := fc["difference_lo"]; ok {
		t += fmt.Sprintf(" [%s, %s]", summaryText(lo), summaryText(fc["difference_hi"]))
	}
	return t + fmt.Sprintf(" on %s deals, budget %s", summaryText(fc["deals"]), summaryText(fc["budget"]))
}

// fmtElo writes a rating: one decimal.
func fmtElo(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"join": strings.Join,
	"elo":  fmtElo,
}).Parse(pageHTML))

const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>tourney report: {{.Name}}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 40px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f3f3f3}td.l,th.l{text-align:left}
nav a{margin-right:10px}
.chart .grid{stroke:#eee}.chart .tick{font-size:10px;fill:#666}.chart .lab{font-size:11px;text-anchor:end}
.chart .ci{stroke:#4a78c2;stroke-width:2}.chart .pt{fill:#2456a8}.chart .pt.win{fill:#d4380d}.chart .pt.pred{fill:#fff;stroke:#888;stroke-width:1.5}.chart .ci.pred{stroke:#aaa;stroke-dasharray:3 2}.chart .lab.pred,tr.pred td{fill:#777;color:#777;font-style:italic}
.chart .dot{fill:#9bb3d9}.chart .mean{fill:none;stroke:#2456a8;stroke-width:1.5}.chart .axis{font-size:11px}
.effects,.bars{display:inline-block;vertical-align:top;margin:4px}
.bar.s0{fill:#4a78c2}.bar.s1{fill:#e8833a}.bar.s2{fill:#5aa469}.bar.s3{fill:#c44e52}.bar.s4{fill:#8172b2}.bar.s5{fill:#937860}
.adv{font-weight:bold;color:#1a7f37}.note{color:#8a6d3b}
.enc{display:inline-block;vertical-align:top;margin:4px 8px 4px 0}
#viewer .controls button{min-width:34px}#viewer select#game{max-width:560px}.sw{display:inline-block;width:10px;height:10px;margin:0 3px 0 8px}#viewer canvas{border:1px solid #ccc;background:#fff}
#viewer pre{margin:4px 0;font-size:12px;background:#f7f7f7;padding:4px;white-space:pre-wrap}
#viewer .side{display:inline-block;vertical-align:top;margin-left:12px;max-width:420px}
#errors{color:#b00}
.answer{border:1px solid #d9b36c;background:#fff8e6;border-radius:6px;padding:10px 16px;margin:8px 0 12px}.answer.better{border-color:#7fbf8e;background:#eef8f0}
.answer .headline{font-size:20px;font-weight:600;margin:4px 0}.answer .winner{font-size:15px;margin:4px 0 8px}
.answer .next{margin:6px 0}.answer .next div{margin:3px 0 3px 12px}.answer code{background:#fff;border:1px solid #ccc;border-radius:3px;padding:1px 5px;font-size:13px}
.answer .small{color:#555;margin:2px 0;font-size:13px}
p.facts{font-size:13px;display:flex;flex-wrap:wrap;gap:2px 14px;margin:6px 0}p.facts b{color:#555;font-weight:600}
</style>
</head>
<body>
<h1>tourney report: {{.Name}}</h1>
<section id="answer" class="answer{{if .Answer.Better}} better{{end}}">
<p class="headline">{{.Answer.Headline}}</p>
{{if .Answer.Winner}}<p class="winner">{{.Answer.Winner}}</p>{{end}}
{{if .Answer.Next}}<div class="next"><b>Next</b>{{range .Answer.Next}}<div>{{if .Command}}<code>{{.Command}}</code> {{end}}<span>{{.Why}}</span></div>{{end}}</div>{{end}}
{{range .Answer.Notes}}<p class="small">{{.}}</p>{{end}}
</section>
<nav><a href="#ratings">ratings</a><a href="#history">history</a><a href="#effects">parameters</a><a href="#bracket">bracket</a><a href="#maps">maps and scenarios</a>{{if .Places}}<a href="#placements">placements</a>{{end}}<a href="#forfeits">forfeits</a><a href="#telemetry">telemetry</a><a href="#viewer">game viewer</a></nav>
<div id="errors"></div>
<section id="summary">
<p class="facts">{{range .Summary}}<span><b>{{.K}}</b> {{.V}}</span>{{end}}</p>
{{range .Notes}}<p class="note">{{.}}</p>{{end}}
</section>

<section id="ratings">
<h2>Ratings</h2>
<p>Each variant's {{.ValueName}}, best first, with its interval where variants.csv has one; the winner in red. Variants that played no game are not rated: where the parameter effects predict them they follow, hollow and marked "pred." (a prediction, not a measurement).</p>
{{.Ratings}}
<table>
<tr><th>variant</th>{{range .Params}}<th>{{.}}</th>{{end}}<th>games</th><th>points</th><th>per game</th><th>rating</th><th>interval</th><th>out in round</th></tr>
{{range .Variants}}<tr{{if .Pred}} class="pred"{{end}}><td>{{.ID}}</td>{{range .Params}}<td>{{.}}</td>{{end}}<td>{{.Games}}</td><td>{{.Points}}</td><td>{{.Score}}</td><td>{{.Rating}}</td><td>{{.CI}}</td><td>{{.Out}}</td></tr>
{{end}}</table>
</section>

{{if .History}}<section id="history">
<h2>History</h2>
<p>Round by round (a race: look by look), from bracket.csv: the variants that played, how many went on, the best score of the round (mean points a block) and how its contests ended.</p>
<table><tr><th>round</th><th>variants</th><th>went on</th><th class="l">best variant</th><th>its score</th><th class="l">ended</th></tr>
{{range .History}}<tr><td>{{.Round}}</td><td>{{.Variants}}</td><td>{{.Advanced}}</td><td class="l">{{.Leader}}</td><td>{{.Score}}</td><td class="l">{{.Decided}}</td></tr>
{{end}}</table>
</section>{{end}}

{{if .SPSA}}<section id="spsa">
<h2>SPSA</h2>
{{.SPSA}}
</section>{{end}}

{{if .CMAES}}<section id="cmaes">
<h2>CMA-ES</h2>
{{.CMAES}}
</section>{{end}}

<section id="effects">
<h2>Parameters (main effects)</h2>
<p>{{.ValueName}} of every variant (small dots) and the mean per value (line), for each varied parameter.</p>
{{range .Effects}}<div class="effects">{{.SVG}}</div>{{else}}<p>No varied parameters.</p>{{end}}
</section>

{{with .Model}}<section id="model">
<h2>Parameter effects (model)</h2>
<p>Each knob value's effect in Elo against the defaults' value of that knob (0), fitted on every game as a sum of effects (effects.csv), with its bootstrap interval over blocks; a knob whose default only the defaults' variant played (named below) against its first value.</p>
<p>Predicted best: {{.Predicted}}</p>
{{range .Knobs}}<p class="knob">{{.}}</p>
{{end}}{{range .Scopes}}<h3>{{.Title}}</h3>{{.SVG}}
<table><tr><th class="l">parameter</th><th class="l">value</th><th>effect</th><th>low</th><th>high</th><th>games</th></tr>
{{range .Rows}}<tr><td class="l">{{.Param}}</td><td class="l">{{.Value}}</td><td>{{elo .Effect}}</td><td>{{elo .Lo}}</td><td>{{elo .Hi}}</td><td>{{.Games}}</td></tr>
{{end}}</table>{{end}}
</section>{{end}}

<section id="bracket">
<h2>Bracket</h2>
{{range .Bracket}}<h3>round {{.Round}}</h3>
{{range .Encounters}}<table class="enc"><tr><th colspan="3">encounter {{.Index}}</th></tr><tr><th class="l">variant</th><th>score</th><th class="l">decision</th></tr>
{{range .Rows}}<tr><td class="l{{if .Advanced}} adv{{end}}">{{.Who}}</td><td>{{.Points}}</td><td class="l">{{if .Advanced}}advanced · {{end}}{{.Extra}}</td></tr>{{end}}
</table>
{{end}}{{else}}<p>No bracket.csv.</p>{{end}}
</section>

<section id="maps">
<h2>Maps and scenarios</h2>
{{range .Crosses}}<h3>{{.Title}}</h3>
<table><tr><th>variant</th>{{range .Cols}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr><td>{{.Variant}}</td>{{range .Cells}}<td style="{{.Style}}">{{.Text}}</td>{{end}}</tr>
{{end}}</table>
{{else}}<p>No games.csv.</p>{{end}}
</section>

{{if .Places}}<section id="placements">
<h2>Placements</h2>
<p>Games of more than two seats: places, TrustedValue (mean of 1 − place/players), MedianPlayers (mean players per game) and TrustedScoreEnemies (per opponent met: +its TrustedValue when placed ahead of it, −(1 − its TrustedValue) when behind; −1..1).</p>
<table>{{range $i, $r := .Places}}<tr>{{range $r}}{{if eq $i 0}}<th>{{.}}</th>{{else}}<td>{{.}}</td>{{end}}{{end}}</tr>
{{end}}</table>
</section>{{end}}

<section id="forfeits">
<h2>Forfeits</h2>
<p>{{.NForfeit}} forfeiting seats{{if gt .NForfeit (len .Forfeits)}} (the first {{len .Forfeits}} shown){{end}}.</p>
{{if .Forfeits}}<table><tr><th>game</th><th>round</th><th>seat</th><th>map</th><th class="l">who</th><th class="l">end</th></tr>
{{range .Forfeits}}<tr><td>{{.Game}}</td><td>{{.Round}}</td><td>{{.Seat}}</td><td>{{.Map}}</td><td class="l">{{.Who}}</td><td class="l">{{.End}}</td></tr>
{{end}}</table>{{end}}
</section>

<section id="telemetry">
<h2>Telemetry</h2>
<p>From {{.NRecords}} recorded games: moves of variant seats, mean completed search depth and nodes per searched move, wall time per move, and the seat's final score minus the mean of the other seats' scores.</p>
{{range .Telemetry}}<h3>{{.Title}}</h3>
{{range .Charts}}<div class="bars">{{.}}</div>{{end}}
<table><tr>{{range .Keys}}<th class="l">{{.}}</th>{{end}}{{range $.TeleCols}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
{{else}}<p>No records.</p>{{end}}
</section>

<section id="viewer">
<h2>Game viewer</h2>
<p>{{.NViewer}} of {{.NRecords}} recorded games. Step with the buttons or the arrow keys; play at the chosen speed.</p>
<div class="controls">
<select id="game"></select>
<button id="first" title="first">|&lt;</button><button id="prev" title="previous">&lt;</button><button id="play" title="play or pause">play</button><button id="next" title="next">&gt;</button><button id="last" title="last">&gt;|</button>
<input id="pos" type="range" min="0" max="0" value="0"/>
<label>speed <select id="speed"><option value="1">1/s</option><option value="2">2/s</option><option value="5" selected="selected">5/s</option><option value="10">10/s</option><option value="25">25/s</option><option value="60">60/s</option></select></label>
<span id="where"></span>
</div>
<canvas id="board" width="560" height="560"></canvas>
<div class="side"><div id="legend"></div><pre id="meta"></pre><pre id="head"></pre><pre id="moves"></pre></div>
</section>

<script type="application/json" id="games-data">{{.Games}}</script>
<script>
//<![CDATA[
(function(){
"use strict";
window.addEventListener("error", function(e){ document.getElementById("errors").textContent = "script error: " + e.message; });
var games = JSON.parse(document.getElementById("games-data").textContent);
var colors = ["#d62728","#1f77b4","#2ca02c","#ff7f0e","#9467bd","#8c564b","#e377c2","#17becf"];
var $ = function(id){ return document.getElementById(id); };
var sel = $("game"), pos = $("pos"), canvas = $("board"), ctx = canvas.getContext("2d");
var cur = null, grids = [], k = 0, timer = null;
games.forEach(function(g, i){
  var o = document.createElement("option");
  o.value = i;
  o.textContent = "game " + g.game + " · " + g.type + " · " + g.map + " · round " + g.round + " · " + g.seats.join(" / ");
  sel.appendChild(o);
});
function load(i){
  cur = games[i]; grids = []; k = 0;
  var g = null;
  cur.frames.forEach(function(f, j){
    if (j === 0) { g = (f.g || "").split(""); }
    else { g = g.slice(); (f.d || []).forEach(function(c, n){ g[c] = f.c[n]; }); }
    grids.push(g);
  });
  pos.max = Math.max(0, cur.frames.length - 1);
  var m = "game " + cur.game + " (" + cur.type + ", " + cur.map + ", round " + cur.round + ", encounter " + cur.enc + ")\n";
  cur.seats.forEach(function(s, j){ m += "seat " + (j+1) + ": " + s + " · score " + cur.scores[j] + " · rank " + cur.ranks[j] + " · " + cur.end[j] + "\n"; });
  if (cur.error) m += "replay error: " + cur.error + "\n";
  $("meta").textContent = m;
  var lg = $("legend"); lg.textContent = "";
  if (cur.type !== "connect4") cur.seats.forEach(function(s, j){
    var sw = document.createElement("span"); sw.className = "sw"; sw.style.background = colors[j]; lg.appendChild(sw);
    lg.appendChild(document.createTextNode("seat " + (j+1)));
  });
  if (cur.type === "connect4") lg.textContent = "seat 1 red, seat 2 yellow";
  show(0);
}
function cellColor(type, ch){
  var d = "0123456789".indexOf(ch);
  switch (type) {
  case "reversixt":
    if (ch === "-") return "#333";
    if (ch === "0") return "#f2f2f2";
    if (d >= 1) return colors[d-1];
    return {c:"#e5d4f5", i:"#f5e0c8", b:"#d4f5d8", x:"#f5d4d4"}[ch] || "#fff";
  case "speed":
    if (ch === ".") return "#fafafa";
    if (ch === "x") return "#000";
    if (d >= 1) return colors[d-1];
    return "#fff";
  case "tourality":
    return {"#":"#555", ".":"#fafafa", "+":"#fafafa", "A":colors[0], "B":colors[1]}[ch] || "#fff";
  }
  return "#fff";
}
function draw(){
  var f = cur.frames[k], g = grids[k];
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!cur.w) { drawBars(f); return; }
  var cs = Math.max(2, Math.floor(Math.min(canvas.width / cur.w, canvas.height / cur.h)));
  if (cur.type === "connect4") {
    ctx.fillStyle = "#1f4fa8"; ctx.fillRect(0, 0, cs*cur.w, cs*cur.h + 18);
    for (var y = 0; y < cur.h; y++) for (var x = 0; x < cur.w; x++) {
      var ch = g[y*cur.w + x];
      ctx.fillStyle = ch === "1" ? "#e02020" : ch === "2" ? "#f5d000" : "#fff";
      ctx.beginPath(); ctx.arc(x*cs + cs/2, y*cs + cs/2, cs*0.4, 0, 2*Math.PI); ctx.fill();
    }
    ctx.fillStyle = "#fff"; ctx.font = "12px sans-serif"; ctx.textAlign = "center";
    for (var x = 0; x < cur.w; x++) ctx.fillText(String(x), x*cs + cs/2, cur.h*cs + 13);
    return;
  }
  for (var y = 0; y < cur.h; y++) for (var x = 0; x < cur.w; x++) {
    var ch = g[y*cur.w + x];
    ctx.fillStyle = cellColor(cur.type, ch);
    ctx.fillRect(x*cs, y*cs, cs - (cs > 6 ? 1 : 0), cs - (cs > 6 ? 1 : 0));
    if (cs >= 12 && "cibxAB".indexOf(ch) >= 0 && cur.type !== "speed") {
      ctx.fillStyle = "#222"; ctx.font = Math.floor(cs*0.6) + "px sans-serif"; ctx.textAlign = "center";
      ctx.fillText(ch, x*cs + cs/2, y*cs + cs*0.72);
    }
    if (ch === "+" && cur.type === "tourality") {
      ctx.fillStyle = "#e0a800"; ctx.beginPath(); ctx.arc(x*cs + cs/2, y*cs + cs/2, cs*0.3, 0, 2*Math.PI); ctx.fill();
    }
  }
  (cur.links || []).forEach(function(l){
    ctx.strokeStyle = "rgba(120,0,160,0.35)"; ctx.setLineDash([3, 4]); ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(l[0]*cs + cs/2, l[1]*cs + cs/2); ctx.lineTo(l[2]*cs + cs/2, l[3]*cs + cs/2); ctx.stroke();
    ctx.setLineDash([]);
  });
  (f.m || []).forEach(function(m){
    ctx.strokeStyle = "#000"; ctx.lineWidth = 2;
    ctx.strokeRect(m[0]*cs - 1, m[1]*cs - 1, cs + 1, cs + 1);
  });
}
function drawBars(f){
  var b = f.b || [], mx = 1;
  b.forEach(function(v){ mx = Math.max(mx, Math.abs(v)); });
  var all = cur.frames[cur.frames.length-1].b || [];
  all.forEach(function(v){ mx = Math.max(mx, Math.abs(v)); });
  ctx.font = "14px sans-serif"; ctx.textAlign = "left";
  b.forEach(function(v, j){
    var w = Math.max(0, v) / mx * (canvas.width - 140);
    ctx.fillStyle = colors[j]; ctx.fillRect(110, 40 + j*60, w, 36);
    ctx.fillStyle = "#222"; ctx.fillText("seat " + (j+1) + ": " + v, 4, 64 + j*60);
  });
  ctx.fillStyle = "#222"; ctx.fillText("chips (bank totals); bids in the moves panel", 4, 20);
}
function show(i){
  k = Math.max(0, Math.min(i, cur.frames.length - 1));
  pos.value = k;
  var f = cur.frames[k];
  $("head").textContent = f.h;
  $("moves").textContent = f.a || (k === 0 ? "start" : "");
  $("where").textContent = "state " + k + " / " + (cur.frames.length - 1);
  draw();
}
function stop(){ if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; } }
function play(){
  if (timer) { stop(); return; }
  if (k >= cur.frames.length - 1) show(0);
  $("play").textContent = "pause";
  timer = setInterval(function(){ if (k >= cur.frames.length - 1) { stop(); return; } show(k + 1); }, 1000 / Number($("speed").value));
}
sel.onchange = function(){ stop(); load(Number(sel.value)); };
$("first").onclick = function(){ stop(); show(0); };
$("prev").onclick = function(){ stop(); show(k - 1); };
$("next").onclick = function(){ stop(); show(k + 1); };
$("last").onclick = function(){ stop(); show(cur.frames.length - 1); };
$("play").onclick = play;
$("speed").onchange = function(){ if (timer) { stop(); play(); } };
pos.oninput = function(){ stop(); show(Number(pos.value)); };
document.addEventListener("keydown", function(e){
  if (!cur) return;
  if (e.key === "ArrowRight") show(k + 1);
  if (e.key === "ArrowLeft") show(k - 1);
});
var start = 0, q = new URLSearchParams(location.search);
if (q.has("only")) Array.prototype.forEach.call(document.querySelectorAll("section"), function(s){ if (s.id !== q.get("only")) s.style.display = "none"; });
if (q.has("game")) games.forEach(function(g, i){ if (String(g.game) === q.get("game")) start = i; });
if (games.length) {
  sel.value = start; load(start);
  if (q.has("state")) show(Number(q.get("state")));
}
document.body.setAttribute("data-ready", "1");
})();
//]]>
</script>
</body>
</html>
`
