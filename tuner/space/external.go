package space

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"tourney/engines/external"
	"tourney/engines/game"
)

// External bots: [bots.NAME] tables of spaces and bot config files
// (protocols.md §1). A declared name may stand wherever a bot name of its
// game may (scenario.bot, field, a bot config's bot).

// extBot is a resolved [bots.NAME] table.
type extBot struct {
	game string
	spec game.BotSpec
	decl *external.Decl
}

// extBot returns the external bot ref of game g declared in the document.
func (d *tomlDoc) extBot(g game.Game, ref string) (game.BotSpec, bool) {
	b, ok := d.bots[ref]
	if !ok || b.game != g.Info().Name {
		return game.BotSpec{}, false
	}
	return b.spec, true
}

// findBot is game.FindBot that also knows the document's external bots.
func findBot(d *tomlDoc, g game.Game, name string) (game.BotSpec, error) {
	if spec, ok := d.extBot(g, name); ok {
		return spec, nil
	}
	if b, ok := d.bots[name]; ok {
		return game.BotSpec{}, fmt.Errorf("bot %q is declared for game %q, not %q", name, b.game, g.Info().Name)
	}
	return game.FindBot(g, name)
}

// ExternalStartup bounds the start of a bot whose parameters come from its
// hello while a file is read (a variable for tests).
var externalResolveTimeout = 2 * time.Minute

// parseBots reads the [bots] table of a document into doc.bots. Commands
// run in dir (the directory of the file that declares them).
func parseBots(root *tomlTable, dir string) error {
	bt, err := root.table("bots")
	if err != nil || bt == nil {
		return err
	}
	root.doc.bots = map[string]extBot{}
	for _, name := range bt.keys() {
		t, err := bt.table(name)
		if err != nil {
			return err
		}
		if msg := checkBotName(name); msg != "" {
			return bt.err(name, "%s", msg)
		}
		b, err := parseBot(t, name, dir, root.doc.recorded)
		if err != nil {
			return err
		}
		root.doc.bots[name] = b
	}
	return nil
}

func checkBotName(name string) string {
	if name == "" {
		return "a bot name must not be empty"
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Sprintf("bot name %q may only contain letters, digits and - _ . (it names a log file)", name)
		}
	}
	return ""
}

func parseBot(t *tomlTable, name, dir string, recorded map[string]recordedBot) (extBot, error) {
	d, err := parseBotDecl(t, name, dir)
	if err != nil {
		return extBot{}, err
	}
	rb, rec := recorded[name]
	rec = rec && rb.Game == d.Game
	if rec {
		// a results directory's bot: where its sweep ran it, with what
		// its hello declared (not started to be read)
		d.Dir = rb.Dir
		if d.HelloParams {
			if d.Params, err = rb.params(); err != nil {
				return extBot{}, t.err("params", "%v", err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), externalResolveTimeout)
	defer cancel()
	hello := d.HelloParams
	d.HelloParams = hello && !rec // a recorded bot's parameters are known: no probe
	spec, err := d.Resolve(ctx)
	d.HelloParams = hello
	if err != nil {
		key := "cmd"
		if d.HelloParams {
			key = "params"
		}
		return extBot{}, t.err(key, "bot %s: %v", name, err)
	}
	return extBot{game: d.Game, spec: spec, decl: d}, nil
}

// parseBotDecl reads a [bots.NAME] table without starting the bot.
func parseBotDecl(t *tomlTable, name, dir string) (*external.Decl, error) {
	var b *external.Decl
	if err := t.allow("game", "protocol", "cmd", "params", "env", "dir", "startup", "move_timeout", "grace", "quit_grace", "restart", "timing", "doc"); err != nil {
		return b, err
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // resolved once, when the file is read (bots.json records it)
	}
	d := &external.Decl{Name: name, Dir: dir}
	var err error
	if !t.has("game") {
		return b, t.err("game", "missing: an external bot names its game")
	}
	if d.Game, err = t.str("game", ""); err != nil {
		return b, err
	}
	g, err := findGame(d.Game)
	if err != nil {
		return b, t.err("game", "%v", err)
	}
	for _, bs := range g.Bots() {
		if bs.Name == name {
			return b, t.err("", "%q is a built-in bot of %s: give the external bot another name", name, d.Game)
		}
	}
	if d.Protocol, err = t.str("protocol", "jsonl"); err != nil {
		return b, err
	}
	if !slices.Contains(external.Protocols, d.Protocol) {
		return b, t.err("protocol", "%q is not one of %s", d.Protocol, strings.Join(external.Protocols, ", "))
	}
	cmd, given, err := t.strList("cmd")
	if err != nil {
		return b, err
	}
	if !given || len(cmd) == 0 || cmd[0] == "" {
		return b, t.err("cmd", "missing: the command line, e.g. cmd = [\"python3\", \"mybot.py\"]")
	}
	d.Cmd = cmd
	wd, err := t.str("dir", "")
	if err != nil {
		return b, err
	}
	if wd != "" {
		if !filepath.IsAbs(wd) {
			wd = filepath.Join(dir, wd)
		}
		_, recorded := t.doc.recorded[name] // its recorded dir stands
		if st, err := os.Stat(wd); !recorded && (err != nil || !st.IsDir()) {
			return b, t.err("dir", "%q is not a directory", wd)
		}
		d.Dir = wd
	}
	if d.Doc, err = t.str("doc", ""); err != nil {
		return b, err
	}
	env, err := t.table("env")
	if err != nil {
		return b, err
	}
	if env != nil {
		d.Env = map[string]string{}
		for _, k := range env.keys() {
			v, err := env.str(k, "")
			if err != nil {
				return b, err
			}
			d.Env[k] = v
		}
	}
	for _, dk := range []struct {
		key string
		dst *time.Duration
	}{{"startup", &d.Startup}, {"move_timeout", &d.MoveTimeout}, {"grace", &d.Grace}, {"quit_grace", &d.QuitGrace}} {
		s, err := t.str(dk.key, "")
		if err != nil {
			return b, err
		}
		if s == "" {
			continue
		}
		v, err := time.ParseDuration(s)
		if err != nil || v <= 0 {
			return b, t.err(dk.key, "%q is not a positive duration (write e.g. \"10s\", \"500ms\")", s)
		}
		*dk.dst = v
	}
	restart, err := t.str("restart", "on-crash")
	if err != nil {
		return b, err
	}
	switch restart {
	case "on-crash":
	case "never":
		d.NoRestart = true
	default:
		return b, t.err("restart", "%q is not one of on-crash, never", restart)
	}
	timing, err := t.str("timing", "")
	if err != nil {
		return b, err
	}
	if timing != "" {
		if d.Protocol != "reversixt-tcp" {
			return b, t.err("timing", "timing is for protocol reversixt-tcp (the hosted server's clock), not %s", d.Protocol)
		}
		if !slices.Contains(external.Timings, timing) {
			return b, t.err("timing", "%q is not one of %s", timing, strings.Join(external.Timings, ", "))
		}
		d.Timing = timing
	}
	// Parameters: "hello", or a table of declarations.
	switch pv := t.m["params"].(type) {
	case nil:
	case string:
		if pv != "hello" {
			return b, t.err("params", "%q: write params = \"hello\" (the bot declares them) or a table", pv)
		}
		d.HelloParams = true
	case map[string]any:
		pt, _ := t.table("params")
		for _, pn := range pt.keys() {
			p, err := parseExtParam(pt, pn)
			if err != nil {
				return b, err
			}
			d.Params = append(d.Params, p)
		}
	default:
		return b, t.err("params", "expected \"hello\" or a table, found %s", describeTOML(pv))
	}
	for _, a := range d.Cmd {
		for _, m := range paramRefs(a) {
			if d.HelloParams {
				continue
			}
			if !slices.ContainsFunc(d.Params, func(p game.Param) bool { return p.Name == m }) {
				return b, t.err("cmd", "{param:%s}: the bot declares no parameter %q", m, m)
			}
		}
	}
	return d, nil
}

// paramRefs lists the NAMEs of {param:NAME} in s.
func paramRefs(s string) []string {
	var out []string
	for {
		i := strings.Index(s, "{param:")
		if i < 0 {
			return out
		}
		s = s[i+len("{param:"):]
		j := strings.IndexByte(s, '}')
		if j < 0 {
			return out
		}
		out = append(out, s[:j])
		s = s[j+1:]
	}
}

// parseExtParam reads NAME = { type = "int", default = 25, min = 1,
// max = 200 } (float: min, max; bool; string: values = [...]).
func parseExtParam(pt *tomlTable, name string) (game.Param, error) {
	t, err := pt.table(name)
	if err != nil {
		return game.Param{}, err
	}
	if err := t.allow("type", "default", "min", "max", "values", "doc"); err != nil {
		return game.Param{}, err
	}
	typ, err := t.str("type", "")
	if err != nil {
		return game.Param{}, err
	}
	if typ == "" {
		return game.Param{}, t.err("type", "missing: one of int, float, bool, string")
	}
	var lo, hi *float64
	if t.has("min") {
		v, err := t.number("min", 0)
		if err != nil {
			return game.Param{}, err
		}
		lo = &v
	}
	if t.has("max") {
		v, err := t.number("max", 0)
		if err != nil {
			return game.Param{}, err
		}
		hi = &v
	}
	values, _, err := t.strList("values")
	if err != nil {
		return game.Param{}, err
	}
	def, ok := plainValue(t.m["default"])
	if !ok {
		return game.Param{}, t.err("default", "missing or not a number, boolean or string")
	}
	p, err := external.MakeParam(name, typ, def, lo, hi, values)
	if err != nil {
		return game.Param{}, t.err("", "%v", err)
	}
	if p.Doc, err = t.str("doc", ""); err != nil {
		return game.Param{}, err
	}
	return p, nil
}

// LoadBotDecls reads the [bots.NAME] tables of a space or bot config file
// without starting the bots (tourney check-bot). Errors are *InputErrors.
func LoadBotDecls(path string) ([]*external.Decl, error) {
	data, err := readInput(path)
	if err != nil {
		return nil, err
	}
	m, doc, err := decodeTOML(path, data)
	if err != nil {
		return nil, err
	}
	root := &tomlTable{doc: doc, m: m}
	bt, err := root.table("bots")
	if err != nil {
		return nil, err
	}
	if bt == nil {
		return nil, root.err("", "no [bots.NAME] table: declare the bot to check, e.g. [bots.mybot] game = \"connect4\" cmd = [\"python3\", \"mybot.py\"]")
	}
	var out []*external.Decl
	for _, name := range bt.keys() {
		t, err := bt.table(name)
		if err != nil {
			return nil, err
		}
		if msg := checkBotName(name); msg != "" {
			return nil, bt.err(name, "%s", msg)
		}
		d, err := parseBotDecl(t, name, filepath.Dir(path))
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// ExternalBots returns the external bots declared by the document a
// space was read from, by name.
func (s *Space) ExternalBots() map[string]*external.Decl {
	m := make(map[string]*external.Decl, len(s.external))
	for n, b := range s.external {
		m[n] = b.decl
	}
	return m
}

// WriteExternalBot writes d as a [bots.NAME] table for a file in the
// directory base: dir is written relative to base (a file read resolves
// it against its own directory), so that the file and the bot can move
// together and no absolute path is stored; only when no relative path
// exists (another volume) is it absolute. It is what a promoted config of
// an external bot carries, so that match and client can use it.
func WriteExternalBot(w io.Writer, d *external.Decl, base string) error {
	var sb strings.Builder
	sb.WriteString("\n[bots." + quoteKey(d.Name) + "]\n")
	sb.WriteString("game = " + quoteString(d.Game) + "\n")
	sb.WriteString("protocol = " + quoteString(d.Protocol) + "\n")
	var cmd []string
	for _, a := range d.Cmd {
		cmd = append(cmd, quoteString(a))
	}
	sb.WriteString("cmd = [" + strings.Join(cmd, ", ") + "]\n")
	dir := d.Dir
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if absBase, err := filepath.Abs(base); err == nil {
		if rel, err := filepath.Rel(absBase, dir); err == nil {
			dir = filepath.ToSlash(rel)
		}
	}
	sb.WriteString("dir = " + quoteString(dir) + "\n")
	if len(d.Env) > 0 {
		keys := make([]string, 0, len(d.Env))
		for k := range d.Env {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var kv []string
		for _, k := range keys {
			kv = append(kv, quoteKey(k)+" = "+quoteString(d.Env[k]))
		}
		sb.WriteString("env = { " + strings.Join(kv, ", ") + " }\n")
	}
	if d.HelloParams {
		sb.WriteString("params = \"hello\"\n")
	} else if len(d.Params) > 0 {
		var ps []string
		for _, p := range d.Params {
			f := []string{"type = " + quoteString(p.Kind.String()), "default = " + tomlValue(p.Default)}
			switch p.Kind {
			case game.Int:
				f = append(f, fmt.Sprintf("min = %d", int64(p.Min)), fmt.Sprintf("max = %d", int64(p.Max)))
			case game.Float:
				f = append(f, "min = "+tomlValue(p.Min), "max = "+tomlValue(p.Max))
			case game.String:
				var vs []string
				for _, c := range p.Choices {
					vs = append(vs, quoteString(c))
				}
				f = append(f, "values = ["+strings.Join(vs, ", ")+"]")
			}
			ps = append(ps, quoteKey(p.Name)+" = { "+strings.Join(f, ", ")+" }")
		}
		sb.WriteString("params = { " + strings.Join(ps, ", ") + " }\n")
	}
	for _, kv := range []struct {
		key string
		v   time.Duration
	}{{"startup", d.Startup}, {"move_timeout", d.MoveTimeout}, {"grace", d.Grace}, {"quit_grace", d.QuitGrace}} {
		if kv.v > 0 {
			sb.WriteString(kv.key + " = " + quoteString(kv.v.String()) + "\n")
		}
	}
	if d.NoRestart {
		sb.WriteString("restart = \"never\"\n")
	}
	if d.Timing != "" {
		sb.WriteString("timing = " + quoteString(d.Timing) + "\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// AddExternalBotToConfig appends the [bots.NAME] table of the config's bot
// to a bot config file (the winner.toml of a sweep) when that bot is one
// of the space's external bots, so that the file stands on its own.
func AddExternalBotToConfig(path string, s *Space) error {
	if len(s.external) == 0 {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	m, _, err := decodeTOML(path, data)
	if err != nil {
		return err
	}
	name, _ := m["bot"].(string)
	b, ok := s.external[name]
	if !ok || m["bots"] != nil {
		return nil
	}
	d := b.decl
	var sb strings.Builder
	if err := WriteExternalBot(&sb, d, filepath.Dir(path)); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, sb.String()...), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// MoveBotConfig returns the bot config file src (data) as it must read
// at dst: a [bots.NAME] table it carries (AddExternalBotToConfig) is
// written again with dir relative to dst's directory. Other files are
// returned unchanged.
func MoveBotConfig(src string, data []byte, dst string) ([]byte, error) {
	i := strings.Index(string(data), "\n[bots.")
	if i < 0 {
		return data, nil
	}
	decls, err := LoadBotDecls(src)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.Write(data[:i])
	for _, d := range decls {
		if err := WriteExternalBot(&sb, d, filepath.Dir(dst)); err != nil {
			return nil, err
		}
	}
	return []byte(sb.String()), nil
}
