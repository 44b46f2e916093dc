package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	htmlreport "tourney/tuner/report"
)

const reportUsage = `RESULTS_DIR [--out FILE] [--games N]

Writes one self-contained HTML page about a results directory (no network:
inline CSS, JavaScript and SVG). It opens with the answer: the verdict as
a sentence, the winner against the defaults with its interval, and the
command to run next (promote, match, confirm); then the run's facts, the
ratings with their intervals, the history round by round, rating against
each varied parameter, the bracket, per-map and per-scenario tables,
forfeits, per-move telemetry (depth reached, time and nodes per move,
score difference) and a game viewer that steps or plays recorded games.
It reads summary.json and variants.csv (required), ratings.csv,
bracket.csv, games.csv, effects.csv, games.jsonl.gz, stages.csv,
spsa.csv, cmaes.csv and convergence.csv when they are there ('tourney
help files'). Default output: RESULTS_DIR/report.html.`

func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("report", reportUsage, "tourney report results/check", stderr)
	out := fs.String("out", "", "HTML file to write (default RESULTS_DIR/report.html; - for standard output)")
	games := fs.Int("games", 60, "recorded games embedded in the viewer")
	dir, err := parseOne(fs, args, "one results directory")
	if err != nil {
		return err
	}
	if *games < 1 {
		return usagef("report: --games %d: want at least 1", *games)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("report: %s is not a directory", dir)
	}
	d, err := htmlreport.Load(dir)
	if err != nil {
		return usagef("report: %v", err)
	}
	var buf bytes.Buffer
	if err := htmlreport.Write(&buf, d, htmlreport.Options{MaxGames: *games}); err != nil {
		return err
	}
	if *out == "-" {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	path := *out
	if path == "" {
		path = filepath.Join(dir, "report.html")
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "report: %s\n", path)
	return nil
}
