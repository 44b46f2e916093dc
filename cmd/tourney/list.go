package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"tourney/engines/all"
	"tourney/engines/game"
)

const listUsage = `[GAME]

Lists the games, or one game's maps, bots and every bot parameter with its
type, default and allowed range.`

func runList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("list", listUsage, "tourney list connect4", stderr)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("list takes at most one game, got %d arguments", len(pos))
	}
	if len(pos) == 0 {
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "GAME\tPLAYERS\tMOVES\tBOTS\tDESCRIPTION")
		for _, g := range all.Games() {
			in := g.Info()
			kind := "sequential"
			if in.Simultaneous {
				kind = "simultaneous"
			}
			var bots []string
			for _, b := range g.Bots() {
				bots = append(bots, b.Name)
			}
			players := fmt.Sprint(in.MinPlayers)
			if in.MaxPlayers != in.MinPlayers {
				players += "-" + fmt.Sprint(in.MaxPlayers)
			}
			wrapRow(tw, "", []string{in.Name}, []string{players}, []string{kind},
				wrap(strings.Join(bots, ", "), 26), wrap(in.Doc, 36))
		}
		tw.Flush()
		fmt.Fprintln(stdout, "\n'tourney list GAME' shows a game's maps, bots and parameters.")
		return nil
	}
	g, err := all.Find(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	listGame(stdout, g)
	return nil
}

func listGame(w io.Writer, g game.Game) {
	in := g.Info()
	fmt.Fprintf(w, "%s: %s\n", in.Name, in.Doc)
	maxLen := "unbounded"
	if in.MaxLength > 0 && in.MaxLength < math.MaxInt32 {
		maxLen = strconv.Itoa(in.MaxLength)
	}
	fmt.Fprintf(w, "players %d..%d, maximum length %s\n", in.MinPlayers, in.MaxPlayers, maxLen)
	maps := fmt.Sprintf("maps: %s (default %s)", strings.Join(g.Maps(), ", "), g.Maps()[0])
	if in.HasMaps {
		maps += "; map files are accepted by path"
	}
	for i, l := range wrap(maps, 96) {
		if i > 0 {
			l = "  " + l
		}
		fmt.Fprintln(w, l)
	}
	for i, b := range g.Bots() {
		def := ""
		if i == 0 {
			def = " (default bot)"
		}
		fmt.Fprintln(w)
		for i, l := range wrap(fmt.Sprintf("bot %s%s: %s", b.Name, def, b.Doc), 96) {
			if i > 0 {
				l = "  " + l
			}
			fmt.Fprintln(w, l)
		}
		if len(b.Params) == 0 {
			fmt.Fprintln(w, "  no parameters")
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  PARAMETER\tTYPE\tDEFAULT\tRANGE\tMEANING")
		for _, p := range b.Params {
			wrapRow(tw, "  ", []string{p.Name}, []string{p.Kind.String()}, []string{game.FormatValue(p.Default)},
				wrap(paramRange(p), 20), wrap(paramDoc(p), 40))
		}
		tw.Flush()
	}
}

// paramRange is a parameter's range with "unbounded" for the largest
// integers.
func paramRange(p game.Param) string {
	if p.Kind == game.Int && p.Max >= math.MaxInt32 {
		return fmt.Sprintf("%d..unbounded", int64(p.Min))
	}
	return p.Range()
}

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}

// wrapRow writes one table row whose cells may take several lines.
func wrapRow(w io.Writer, indent string, cells ...[]string) {
	n := 0
	for _, c := range cells {
		n = max(n, len(c))
	}
	for i := range n {
		parts := make([]string, len(cells))
		for j, c := range cells {
			if i < len(c) {
				parts[j] = c[i]
			}
		}
		fmt.Fprintln(w, indent+strings.Join(parts, "\t"))
	}
}

// paramDoc is a parameter's meaning, with the budgets it acts under when
// it declares them (game.Param.ActsUnder).
func paramDoc(p game.Param) string {
	if t := p.ActsUnderText(); t != "" {
		return p.Doc + " [acts only under " + t + "]"
	}
	return p.Doc
}
