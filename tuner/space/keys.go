package space

import (
	"fmt"
	"slices"
	"strings"
)

// One rule for settings (issue 31): a key of [generate] or [tournament]
// that the space's method (and, for the methods that play a tournament,
// its format) does not read is an error that names the method or
// format, never a silent no-op. keyUsers lists, per key, who reads it:
// methods (spsa, cmaes, random, …) and tournament formats (knockout,
// race, halving). A key that is not listed is read by every method.
// Adding a key for a method is one line here.
var keyUsers = map[string][]string{
	"generate.samples":          {"random", "lhs"},
	"generate.include_defaults": tournamentMethods,
	"generate.iterations":       {"spsa"},
	"generate.A":                {"spsa"},
	"generate.alpha":            {"spsa"},
	"generate.gamma":            {"spsa"},
	"generate.generations":      {"cmaes"},
	"generate.population":       {"cmaes"},
	"generate.blocks":           {"cmaes"},
	"generate.sigma":            {"cmaes"},
	"generate.final_games":      {"spsa", "cmaes"},
	"tournament.format":         tournamentMethods,
	"tournament.group":          {"knockout"},
	"tournament.advance":        {"knockout"},
	"tournament.games":          tournamentFormats,
	"tournament.min_blocks":     tournamentFormats,
	"tournament.max_games":      tournamentFormats,
	"tournament.eta":            {"halving"},
	"tournament.finalists":      {"halving"},
	"tournament.rung_blocks":    {"halving"},
	"tournament.gauntlet":       {"halving"},
	"tournament.budget":         {"halving", "spsa", "cmaes"},
}

// tournamentMethods generate a list of variants that a tournament
// (format) plays; spsa and cmaes move a point instead.
var tournamentMethods = []string{"grid", "sweep", "random", "lhs", "staged", "factorial"}

var tournamentFormats = []string{"knockout", "race", "halving"}

// checkKeyUse applies keyUsers to the [generate] and [tournament] tables
// (either may be nil) before they are read. method and format are the
// space's (their own errors come later, from the tables' parsers).
func checkKeyUse(gen, tour *tomlTable) error {
	method, format := "grid", "knockout"
	if gen != nil {
		if m, ok := gen.m["method"].(string); ok {
			method = m
		}
	}
	if tour != nil {
		if f, ok := tour.m["format"].(string); ok {
			format = f
		}
	}
	if !slices.Contains(tournamentMethods, method) && !IsContinuous(method) {
		return nil // not a method: [generate].method's own error says so
	}
	for _, t := range []struct {
		name string
		t    *tomlTable
	}{{"generate", gen}, {"tournament", tour}} {
		if t.t == nil {
			continue
		}
		for _, k := range t.t.keys() {
			users, ok := keyUsers[t.name+"."+k]
			if !ok || slices.Contains(users, method) {
				continue
			}
			mode := "method " + method
			if t.name == "tournament" && slices.Contains(tournamentMethods, method) {
				if slices.Contains(users, format) {
					continue
				}
				if slices.ContainsFunc(users, func(u string) bool { return slices.Contains(tournamentFormats, u) }) {
					mode = "format " + format // a format's setting
				}
			}
			return t.t.err(k, "is a setting of %s; %s ignores it", describeUsers(users), mode)
		}
	}
	return nil
}

// describeUsers names the methods and formats of a key: "method spsa",
// "formats knockout, race and halving", "format halving and methods
// spsa and cmaes".
func describeUsers(users []string) string {
	var methods, formats []string
	for _, u := range users {
		if slices.Contains(tournamentFormats, u) {
			formats = append(formats, u)
		} else {
			methods = append(methods, u)
		}
	}
	var parts []string
	for _, g := range []struct {
		one  string
		list []string
	}{{"format", formats}, {"method", methods}} {
		switch len(g.list) {
		case 0:
		case 1:
			parts = append(parts, g.one+" "+g.list[0])
		default:
			parts = append(parts, fmt.Sprintf("%ss %s and %s", g.one, strings.Join(g.list[:len(g.list)-1], ", "), g.list[len(g.list)-1]))
		}
	}
	return strings.Join(parts, " and ")
}

// notASpace recognises the project's other TOML files given where a
// space belongs: a bot config file (game and bot at the top: promote's
// output, winner.toml) or a synthetic landscape (players, main, peak …),
// and says what the file is and where it goes, instead of "unknown key".
func notASpace(root *tomlTable) error {
	if root.has("scenario") {
		return nil
	}
	switch {
	case root.has("game") && root.has("bot") || root.has("game") && root.has("params") && !root.has("name"):
		return root.err("", "this is a bot config file (game, bot, params: what promote writes), not a space: play it with `tourney match FILE default`, tune from it with `tourney sweep SPACE --base FILE`, or name it in a space's field")
	case root.has("players") && (root.has("main") || root.has("peak") || root.has("interaction") || root.has("cross")):
		return root.err("", "this is a synthetic landscape (players, main, peak: the true strengths), not a space: name it as a map of a space whose scenario has game = \"synthetic\" and bot = \"landscape\" (maps = [\"FILE\"]; see configs/synthetic/twelve-space.toml)")
	}
	return nil
}

// KeyError is an input error at a key of the space's file (its dotted
// path, e.g. "tournament.budget"), for checks made after parsing (the
// plan's): file:line:column: key: message, as the parser's own.
func (s *Space) KeyError(key, msg string) error {
	_, doc, err := decodeTOML(s.Path, s.Source)
	if err != nil || doc == nil {
		return &InputError{File: s.Path, Key: key, Message: msg}
	}
	return doc.errAt(strings.Split(key, "."), msg)
}
